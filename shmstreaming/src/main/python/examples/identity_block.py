"""Identity with the block API: whole buffers of input lines to the output as they come."""
import _path  # noqa: F401
from hadoopopt_smstream import SMStream

with SMStream() as io:
    write_block = io.write_block
    for lines in io.blocks():
        write_block(lines)

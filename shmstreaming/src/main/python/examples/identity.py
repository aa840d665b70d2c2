"""Identity: every input record to the output (the research's "cat")."""
import _path  # noqa: F401
from hadoopopt_smstream import SMStream

with SMStream() as io:
    write = io.write
    for rec in io:
        write(rec)

# Lets the examples import hadoopopt_smstream from the folder above them.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

"""tests/oracle/drop_examples.py [--why TEXT] TRANSCRIPT SOURCE... — a transcript without the examples whose source is given.

For goldens under MKL (tests/oracle/README.md): an example whose result tsh cannot give with PyTorch's
last bit (a known difference, tests/mathbits/known_differences.txt) is left out of the oracle's
transcript, and a comment line says which and why. Reads the transcript, writes it to stdout.
"""
import sys

args = sys.argv[1:]
why = 'a last-bit difference, tests/mathbits/known_differences.txt; tests/golden_openblas/ keeps them'
if args[:1] == ['--why']:
    why, args = args[1], args[2:]
path, drop = args[0], set(args[1:])
lines = open(path).read().split('\n')
out, skipping, dropped = [], False, []
for line in lines:
    if line.startswith('>>> ') or line.startswith('... '):
        if line.startswith('>>> '):
            skipping = line[4:] in drop
            if skipping:
                dropped.append(line[4:])
        if skipping:
            continue
    elif skipping:
        continue
    out.append(line)
missing = drop - set(dropped)
if missing:
    sys.exit('not in the transcript: ' + ', '.join(sorted(missing)))
note = '>>> # Left out under MKL (' + why + '): ' + '; '.join(dict.fromkeys(dropped))
sys.stdout.write(note + '\n' + '\n'.join(out))

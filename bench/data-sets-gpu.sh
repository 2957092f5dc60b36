#!/usr/bin/env bash
# bench/data-sets.py on the GPU machine (the device tool), with `.gl` and `.py312`
# (bench/prepare-data-sets-gpu.sh) carried: Ray, Dask and this package unpacked
# into /tmp/histogram-site, then the command line, Dask and Ray Data over the same
# folder of small photos, made there. Results go to $OUT; arguments go to
# bench/data-sets.py.
set -euo pipefail
. bench/gpu-env.sh
site=/tmp/histogram-site dev=/tmp/histogram-device
mkdir -p "$site" "$dev"
python3 -m pip install --quiet --no-index --no-deps --target "$site" .py312/*.whl
python3 -c "import tarfile, sys; [tarfile.open(f).extractall(d, filter='data') for f, d in (('.py312/ray.tar.xz', sys.argv[1]), ('.py312/device.tar.xz', sys.argv[2]))]" "$site" "$dev"
export PYTHONPATH=$site:$dev/py
python3 -c "import numpy, pyarrow, ray, dask; print('numpy', numpy.__version__, 'pyarrow', pyarrow.__version__, 'ray', ray.__version__, 'dask', dask.__version__)" | tee "$out/versions.txt"
python3 bench/data-sets.py --tool "$dev/histogram" --photos "$dev" "$@" | tee "$out/data-sets.txt"

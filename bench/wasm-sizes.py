#!/usr/bin/env python3
"""Attributes a wasm module's code bytes to crates using its name section (a poor man's twiggy),
and lists its largest functions.
Usage: bench/wasm-sizes.py MODULE.wasm [FUNCTIONS]   (FUNCTIONS: how many of the largest, default 0)
`make wasm-sizes` runs it on the release build's two modules before wasm-bindgen (names kept)."""
import re, sys
from collections import Counter

def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1; r |= (x & 0x7f) << s; s += 7
        if x < 0x80: return r, i

data = open(sys.argv[1], 'rb').read()
i, imports, bodies, names, data_bytes = 8, 0, [], {}, 0
while i < len(data):
    sid = data[i]; size, i = leb(data, i + 1); end = i + size
    if sid == 2:
        n, j = leb(data, i)
        for _ in range(n):
            for _ in range(2):
                l, j = leb(data, j); j += l
            kind = data[j]; j += 1
            if kind == 0: imports += 1; _, j = leb(data, j)
            elif kind == 1: j += 1; fl, j = leb(data, j); _, j = leb(data, j); j = leb(data, j)[1] if fl & 1 else j
            elif kind == 2: fl, j = leb(data, j); _, j = leb(data, j); j = leb(data, j)[1] if fl & 1 else j
            elif kind == 3: j += 2
    elif sid == 10:
        n, j = leb(data, i)
        for _ in range(n):
            l, j = leb(data, j); bodies.append(l); j += l
    elif sid == 11:
        data_bytes = size
    elif sid == 0:
        l, j = leb(data, i); name = data[j:j + l]; j += l
        if name == b'name':
            while j < end:
                sub = data[j]; ssz, j = leb(data, j + 1); send = j + ssz
                if sub == 1:
                    n, k = leb(data, j)
                    for _ in range(n):
                        idx, k = leb(data, k); l, k = leb(data, k); names[idx] = data[k:k + l].decode('utf8', 'replace'); k += l
                j = send
    i = end

def crate_of(name):
    """First path segment of a legacy (_ZN) or v0 (_R) mangled Rust symbol; trait impls count
    toward the implementing type's crate."""
    if name.startswith('_ZN'):
        segs, k = [], 3
        while k < len(name) and name[k].isdigit():
            m = re.match(r'\d+', name[k:]); n = int(m.group()); k += len(m.group())
            segs.append(name[k:k + n]); k += n
        first = segs[0] if segs else '?'
        first = first.replace('$LT$', '<').replace('_<', '<').lstrip('_<').replace('$u20$', ' ')
        m = re.match(r'([A-Za-z_][A-Za-z0-9_]*)', first)
        return m.group(1) if m else '?'
    m = re.search(r'Cs[0-9A-Za-z]+_\d+([a-z_][a-z0-9_]*)', name)
    if m: return m.group(1)
    m = re.search(r'C[0-9A-Za-z_]*?\d+([a-z_][a-z0-9_]+)', name)
    return m.group(1) if m else name[:30]

def demangle(name):
    """A legacy (_ZN) Rust symbol as a path without its hash; other names as they are."""
    if not name.startswith('_ZN'):
        return name
    segs, k = [], 3
    while k < len(name) and name[k].isdigit():
        m = re.match(r'\d+', name[k:]); n = int(m.group()); k += len(m.group())
        segs.append(name[k:k + n]); k += n
    if segs and re.fullmatch(r'h[0-9a-f]{16}', segs[-1]):
        segs.pop()
    path = '::'.join(segs)
    for a, b in (('$LT$', '<'), ('$GT$', '>'), ('$RF$', '&'), ('$u20$', ' '), ('$u7b$', '{'), ('$u7d$', '}'), ('$C$', ','), ('..', '::'), ('$u27$', "'"), ('$BP$', '*')):
        path = path.replace(a, b)
    return path

by = Counter()
for n, size in enumerate(bodies):
    name = names.get(imports + n, '?')
    by[crate_of(name)] += size
total = sum(bodies)
print(f'code {total} bytes, data segment {data_bytes} bytes')
for k, v in by.most_common(25):
    print(f'{v:9d} {100*v/total:5.1f}%  {k}')
top = int(sys.argv[2]) if len(sys.argv) > 2 else 0
if top:
    print(f'largest {top} functions:')
    for size, n in sorted(((size, n) for n, size in enumerate(bodies)), reverse=True)[:top]:
        print(f'{size:9d}  {demangle(names.get(imports + n, "?"))[:140]}')

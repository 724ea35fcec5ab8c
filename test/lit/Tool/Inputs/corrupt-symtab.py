"""Writes copies of an x86-64 ELF object whose symbol table's sh_size is
corrupt: past the end of the file (huge, and a few GB), and not a multiple
of the entry size. Usage: corrupt-symtab.py in.o out-prefix"""
import struct
import sys

data = bytearray(open(sys.argv[1], "rb").read())
assert data[:4] == b"\x7fELF" and data[4] == 2, "expects ELF64"
shoff = struct.unpack_from("<Q", data, 0x28)[0]
shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
for i in range(shnum):
    hdr = shoff + i * shentsize
    if struct.unpack_from("<I", data, hdr + 4)[0] == 2:  # SHT_SYMTAB
        for name, size in (("huge", 0x7FFFFFFFFFFFFFF8),
                           ("gigabytes", 0x10000000 * 24),
                           ("odd", 24 * 3 + 1)):
            out = bytearray(data)
            struct.pack_into("<Q", out, hdr + 0x20, size)
            open("%s-%s.o" % (sys.argv[2], name), "wb").write(out)
        break
else:
    sys.exit("no SHT_SYMTAB section")

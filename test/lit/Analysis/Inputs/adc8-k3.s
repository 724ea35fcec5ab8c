# Eight adc with immediate (seed-suaca-osaca.md, appendix A.3, kernel K3):
# every adc reads and writes CF, a serial chain through all eight.
        .intel_syntax noprefix
.Lloop:
        adc rax, 0x1
        adc rbx, 0x1
        adc rcx, 0x1
        adc rdx, 0x1
        adc r8, 0x1
        adc r9, 0x1
        adc r10, 0x1
        adc r11, 0x1
        dec r15
        jnz .Lloop

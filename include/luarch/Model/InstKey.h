//===- InstKey.h - Cache keys of machine instructions ----------*- C++ -*-===//
//
// The bytes that identify an MCInst in the decoders' caches: its opcode,
// its prefix flags and its operands. One definition, because the decode
// cache, the uops.info matcher's shape memo and the coverage tool must
// agree on what makes two operands "the same" (symbolic operands do: they
// decode alike whatever the symbol).
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_INSTKEY_H
#define LUARCH_MODEL_INSTKEY_H

#include "llvm/MC/MCInst.h"

#include <cstdint>

namespace luarch {

/// Appends the 8 bytes of \p V to \p K (a SmallVector<char> or a string).
template <typename KeyT> void appendKeyWord(KeyT &K, uint64_t V) {
  const char *Bytes = reinterpret_cast<const char *>(&V);
  K.append(Bytes, Bytes + sizeof(V));
}

/// Appends an operand that is not a register: an immediate or a
/// floating-point immediate exactly, a symbolic operand as 'e'.
template <typename KeyT>
void appendValueOperandKey(KeyT &K, const llvm::MCOperand &MO) {
  assert(!MO.isReg() && "registers are keyed by the caller");
  if (MO.isImm()) {
    K.push_back('i');
    appendKeyWord(K, static_cast<uint64_t>(MO.getImm()));
  } else if (MO.isSFPImm()) {
    K.push_back('f');
    appendKeyWord(K, MO.getSFPImm());
  } else if (MO.isDFPImm()) {
    K.push_back('d');
    appendKeyWord(K, MO.getDFPImm());
  } else {
    K.push_back('e'); // symbolic: decoded the same whatever the symbol
  }
}

/// Appends the opcode and the prefix flags (lock and rep change the
/// instruction).
template <typename KeyT>
void appendOpcodeKey(KeyT &K, const llvm::MCInst &Inst) {
  appendKeyWord(K, Inst.getOpcode());
  appendKeyWord(K, Inst.getFlags());
}

/// Appends the exact key: opcode, flags, and each operand (a register by
/// its id).
template <typename KeyT>
void appendExactInstKey(KeyT &K, const llvm::MCInst &Inst) {
  appendOpcodeKey(K, Inst);
  for (const llvm::MCOperand &MO : Inst) {
    if (MO.isReg()) {
      K.push_back('r');
      appendKeyWord(K, MO.getReg().id());
    } else {
      appendValueOperandKey(K, MO);
    }
  }
}

} // namespace luarch

#endif // LUARCH_MODEL_INSTKEY_H

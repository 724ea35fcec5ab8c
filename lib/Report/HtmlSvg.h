//===- HtmlSvg.h - SVG pictures of a report (internal) ---------*- C++ -*-===//
//
// Inline SVG drawn from a kernel's JSON form (toJSON): port pressure bars,
// where the simulated cycles go, the sensitivity chart and a uiCA-style
// timeline of the first iterations. No scripts; sizes in CSS pixels.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_REPORT_HTMLSVG_H
#define LUARCH_LIB_REPORT_HTMLSVG_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace luarch {
namespace html {

/// Escapes text for HTML and SVG (&, <, >, ").
std::string escape(llvm::StringRef S);

/// One bar per port of the CPU (in the model's order) and one for the
/// divider, cycles per iteration, with the prediction as a line.
void portPressureSVG(llvm::raw_ostream &OS, const llvm::json::Object &Kernel);

/// Two stacked bars: the retirement view and the allocation view of the
/// simulated cycles, with a legend.
void accountingSVG(llvm::raw_ostream &OS, const llvm::json::Object &Sim);

/// The sensitivity of each relevant resource: s at the factor and with the
/// resource unlimited, as horizontal bars around zero.
void sensitivitySVG(llvm::raw_ostream &OS, const llvm::json::Object &Sens);

/// Per instruction and iteration: issue, waiting, execution per uop (by
/// port), waiting to retire and retirement, for the traced iterations
/// (the simulation's "trace" and "timeline"); at most \p MaxRows rows.
void timelineSVG(llvm::raw_ostream &OS, const llvm::json::Object &Kernel,
                 unsigned MaxIterations, unsigned MaxRows = 120);

} // namespace html
} // namespace luarch

#endif

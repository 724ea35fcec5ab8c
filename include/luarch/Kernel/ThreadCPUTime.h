//===- ThreadCPUTime.h - CPU seconds of the calling thread -----*- C++ -*-===//
//
// The calling thread's CPU time: what a piece of work costs whatever else a
// shared machine runs (its wall clock says little), used by the plugin's
// -uarch-time-report, the pipeline's step timers and the memory probe.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_KERNEL_THREADCPUTIME_H
#define LUARCH_KERNEL_THREADCPUTIME_H

#include <ctime>

namespace luarch {

/// CPU seconds the calling thread has used (a system call: call it only
/// when the figure is wanted).
inline double threadCPUSeconds() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return double(T.tv_sec) + 1e-9 * double(T.tv_nsec);
}

} // namespace luarch

#endif

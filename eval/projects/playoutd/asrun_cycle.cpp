// HourRollover: moves the as-run log to a new file at the top of every hour
// and at presenter shift changes, and tallies the size of sealed hours.
#include "asrun_cycle.h"
#include "asrun.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>

HourRollover::HourRollover(AsrunWriter &log) : log_(log) {}

void HourRollover::onTopOfHour(const std::string &stamp) {
  if (!log_.rotate(stamp)) {
    std::fprintf(stderr, "asrun: cannot open hour %s: %s\n", stamp.c_str(),
                 std::strerror(errno));
    return;
  }
  log_.append({stamp, "TOH", "legal station identification"}); // OK: rotate() reopened the log
}

void HourRollover::onShiftChange(const std::string &stamp,
                                 const std::string &presenter) {
  // Each presenter signs a file of their own.
  log_.rotate(stamp + "-" + presenter);
  log_.append({stamp, "SHIFT", presenter + " on air"}); // BUG: use-after-close
}

void HourRollover::sealAndRoll(const std::string &stamp) {
  const int sealed = log_.nativeHandle();
  if (!log_.rotate(stamp))
    return;
  struct stat st {};
  if (::fstat(sealed, &st) == 0) // BUG: use-after-close
    sealedBytes_ += st.st_size;
}

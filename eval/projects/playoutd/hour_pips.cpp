// HourPips: the process-wide time-signal journal, a function-local static.
// close() at shutdown nulls the stream and mark() ignores a closed journal,
// so late marks from destructors are harmless.
#include "hour_pips.h"
#include "timecode.h"

HourPips &HourPips::instance() {
  static HourPips pips;
  return pips;
}

HourPips::~HourPips() {
  close(); // OK: a journal closed at shutdown is not closed again
}

bool HourPips::open(const std::string &path) {
  std::lock_guard<std::mutex> lock(mu_);
  if (fp_)
    return true;
  fp_ = std::fopen(path.c_str(), "a");
  return fp_ != nullptr;
}

void HourPips::mark(const std::string &what) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!fp_)
    return;
  std::fprintf(fp_, "%s %s\n", nowStamp().c_str(), what.c_str()); // OK: fp_ checked under the lock
  std::fflush(fp_);
}

void HourPips::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!fp_)
    return;
  std::fclose(fp_);
  fp_ = nullptr;
}

// Counts cues, holds and faults during a performance and appends the act
// and show tallies to the prompt book through the book's descriptor.
#include "showtally.h"
#include "fdutil.h"

#include <cstdio>
#include <string>

namespace cued {

ShowTally::ShowTally(int bookFd) : bookFd_(bookFd) {}

void ShowTally::countCue(const std::string &cue) {
  std::lock_guard<std::mutex> lk(mu_);
  summary_.cues.push_back(cue);
}

void ShowTally::countHold(const std::string &why, std::chrono::seconds length) {
  std::lock_guard<std::mutex> lk(mu_);
  held_ += length;
  summary_.holds.push_back(why + " (" + std::to_string(length.count()) + " s)");
}

void ShowTally::countFault(const std::string &what) {
  std::lock_guard<std::mutex> lk(mu_);
  summary_.faults.push_back(what);
}

std::string ShowTally::tallyLineLocked(const char *label) const {
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "== %s: %zu cues, %zu holds (%lld s held), %zu faults ==", label,
                summary_.cues.size(), summary_.holds.size(),
                static_cast<long long>(held_.count()), summary_.faults.size());
  return buf;
}

void ShowTally::intervalCount() {
  std::lock_guard<std::mutex> lk(mu_);
  if (bookFd_ < 0)
    return;
  if (!writeLine(bookFd_, tallyLineLocked("interval")))
    std::perror("tally");
}

void ShowTally::finalCount() {
  std::lock_guard<std::mutex> lk(mu_);
  if (bookFd_ < 0)
    return;
  if (!writeLine(bookFd_, tallyLineLocked("final"))) // SAME: tallyfd
    std::perror("tally");
}

void ShowTally::rebind(int bookFd) {
  std::lock_guard<std::mutex> lk(mu_);
  bookFd_ = bookFd;
}

ShowSummary ShowTally::summary() const {
  std::lock_guard<std::mutex> lk(mu_);
  return summary_;
}

} // namespace cued

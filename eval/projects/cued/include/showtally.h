// Counts cues and holds during a performance and appends the tallies to the
// prompt book through the book's own descriptor.
#pragma once
#include "showreport.h"
#include <chrono>
#include <mutex>
#include <string>

namespace cued {

class ShowTally {
public:
  /// `bookFd` is borrowed from the prompt book.
  explicit ShowTally(int bookFd);

  void countCue(const std::string &cue);
  void countHold(const std::string &why, std::chrono::seconds length);
  void countFault(const std::string &what);
  /// Appends the act's tally to the book.
  void intervalCount();
  /// Appends the show's tally to the book.
  void finalCount();
  /// Points the tally at the book's new descriptor after a rotation.
  void rebind(int bookFd);
  ShowSummary summary() const;

private:
  std::string tallyLineLocked(const char *label) const;

  mutable std::mutex mu_;
  int bookFd_;
  ShowSummary summary_;
  std::chrono::seconds held_{0};
};

} // namespace cued

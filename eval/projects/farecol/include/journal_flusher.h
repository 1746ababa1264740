// Background thread that periodically pushes the tap journal and its index to disk, so a
// crash loses at most one period of taps. stop() asks the thread to finish; the
// destructor waits for it.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace farecol {

class Diagnostics;
class JournalIndex;
class TapJournal;

class JournalFlusher {
public:
  JournalFlusher(TapJournal &journal, JournalIndex &index, std::chrono::milliseconds period, Diagnostics &diag);
  ~JournalFlusher();
  JournalFlusher(const JournalFlusher &) = delete;
  JournalFlusher &operator=(const JournalFlusher &) = delete;

  void start();
  void stop();
  std::uint64_t rounds() const;

private:
  void run();

  TapJournal &journal_;
  JournalIndex &index_;
  const std::chrono::milliseconds period_;
  Diagnostics &diag_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::uint64_t rounds_ = 0;
  std::thread thread_;
};

} // namespace farecol

// Periodic flushing of the tap journal and its index.
#include "journal_flusher.h"
#include "diagnostics.h"
#include "journal_index.h"
#include "tap_journal.h"

#include <exception>

namespace farecol {

JournalFlusher::JournalFlusher(TapJournal &journal, JournalIndex &index, std::chrono::milliseconds period,
                               Diagnostics &diag)
    : journal_(journal), index_(index), period_(period), diag_(diag) {}

JournalFlusher::~JournalFlusher() {
  stop();
  if (thread_.joinable())
    thread_.join();
}

void JournalFlusher::start() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (thread_.joinable())
    return;
  stopping_ = false;
  thread_ = std::thread([this] { run(); });
}

void JournalFlusher::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
}

std::uint64_t JournalFlusher::rounds() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return rounds_;
}

void JournalFlusher::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    if (wake_.wait_for(lock, period_, [this] { return stopping_; }))
      break;
    lock.unlock();
    Status st;
    try {
      st = journal_.flush(); // OK
      if (st.ok())
        st = index_.sync(); // BUG: use-after-close #flushrace
    } catch (const std::exception &e) {
      diag_.error("journal flusher: %s", e.what());
    }
    if (st.failed() && st.code() != StatusCode::Closed)
      diag_.warn("journal flush failed: %s", st.describe().c_str());
    lock.lock();
    ++rounds_;
  }
}

} // namespace farecol

// JournalFlusher: wakes every interval and pushes buffered journal records
// to disk, so a crash loses at most one interval of door events.
#include "journal_flusher.h"

#include "audit_journal.h"

JournalFlusher::JournalFlusher(AuditJournal &journal, std::chrono::milliseconds interval)
    : journal_(journal), interval_(interval) {}

JournalFlusher::~JournalFlusher() { stop(); }

void JournalFlusher::start() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (thread_.joinable())
    return;
  stopRequested_ = false;
  thread_ = std::thread([this] { run(); });
}

void JournalFlusher::requestStop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopRequested_ = true;
  }
  wake_.notify_all();
}

void JournalFlusher::join() {
  if (thread_.joinable())
    thread_.join();
}

void JournalFlusher::stop() {
  requestStop();
  join();
}

void JournalFlusher::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopRequested_) {
    wake_.wait_for(lock, interval_, [this] { return stopRequested_; });
    if (stopRequested_)
      break;
    lock.unlock();
    journal_.flush(); // BUG: use-after-close #flushrace
    lock.lock();
  }
}

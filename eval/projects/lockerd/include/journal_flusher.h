// Background thread that flushes the audit journal at a fixed interval.
#pragma once
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

class AuditJournal;

class JournalFlusher {
public:
  JournalFlusher(AuditJournal &journal, std::chrono::milliseconds interval);
  ~JournalFlusher();
  JournalFlusher(const JournalFlusher &) = delete;
  JournalFlusher &operator=(const JournalFlusher &) = delete;

  void start();
  void requestStop();
  void join();
  void stop();

private:
  void run();

  AuditJournal &journal_;
  const std::chrono::milliseconds interval_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopRequested_ = false;
  std::thread thread_;
};

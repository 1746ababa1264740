// Background merger of closed day files into the archive the billing exports
// and the analytics jobs read. The ingest pipeline enqueues each day it
// closes; a worker thread appends the day's valid records (plus any late
// readings a concentrator back-filled into <day>.late) to archive.rdg.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

#include "audit_log.h"

class Compactor {
public:
  Compactor(std::string dataDir, AuditLog &audit);
  ~Compactor();
  Compactor(const Compactor &) = delete;
  Compactor &operator=(const Compactor &) = delete;

  bool start();
  bool enqueue(std::string dayKey);
  void stop();
  std::size_t merged() const { return merged_.load(); }

private:
  void run();
  bool mergeDay(const std::string &dayKey);
  std::size_t copyRecords(std::FILE *in, const std::string &what);

  std::string dataDir_;
  AuditLog &audit_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> pending_;
  bool stopping_ = false;
  std::atomic<std::size_t> merged_{0};
  int archiveFd_ = -1;
  std::thread worker_;
};

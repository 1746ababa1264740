// Appends a metrics line to a file every interval, on its own thread. start()
// opens the file; stop() stops and joins the thread and closes the file (a
// second stop() does nothing); the destructor closes the file if it is still
// open. dumpTo() writes a one-off report to another path.
#pragma once
#include "kvlog/metrics.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

namespace kvlog {

class MetricsDumper {
public:
  MetricsDumper(Metrics &metrics, std::string path, std::chrono::milliseconds interval);
  ~MetricsDumper();

  bool start();
  void stop();
  bool dumpTo(const std::string &path);

private:
  void run();
  void writeReport(std::FILE *out);

  Metrics &metrics_;
  const std::string path_;
  const std::chrono::milliseconds interval_;
  std::FILE *out_ = nullptr;
  std::thread thread_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool running_ = false;
};

} // namespace kvlog

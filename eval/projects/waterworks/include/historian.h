// Historian: the SCADA historian service. Producers push samples into a
// shared queue; a drain thread writes them through a HistorianWriter.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <thread>

#include "bounded_queue.h"
#include "historian_writer.h"
#include "status.h"

namespace ww {

class Historian {
 public:
  Historian(std::shared_ptr<BoundedQueue<Sample>> samples, std::unique_ptr<HistorianWriter> writer);
  ~Historian();

  Historian(const Historian&) = delete;
  Historian& operator=(const Historian&) = delete;

  Status start();
  // Throws std::runtime_error("historian stopped") unless accepting.
  void record(Sample sample);
  bool accepting() const;
  // Closes the sample queue and the file; idempotent; cannot be restarted.
  void stop();
  std::size_t write_errors() const;

 private:
  void drain_loop();

  std::shared_ptr<BoundedQueue<Sample>> samples_;
  std::unique_ptr<HistorianWriter> writer_;
  std::thread drainer_;
  std::atomic<bool> accepting_{false};
  std::atomic<std::size_t> write_errors_{0};
  std::mutex mu_;
  bool stopped_ = false;
};

}  // namespace ww

// FeedBarge: one feed barge: blower PLC, doser PLC and the feeder thread that
// keeps the blower set-point in step with the requested feed rate.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "blower.h"
#include "doser.h"
#include "plc_link.h"
#include "status.h"

class FeedBarge {
 public:
  FeedBarge(std::string name, std::shared_ptr<PlcLink> blower_link, std::shared_ptr<PlcLink> doser_link,
            std::shared_ptr<BlowerController> blower, std::shared_ptr<RotaryDoser> doser, double kg_per_min);
  ~FeedBarge();  // stops the feeder thread; the PLC sessions are left as they are

  Status set_rate(double kg_per_min);
  Status drain_line();             // opens the drain valve and stops the silo auger
  void halt();                     // stops feeding and closes both PLC sessions for the night
  Status resume_after_brownout();  // brings the blower session back after a power dip
  bool feeding() const;
  std::size_t failed_writes() const;

 private:
  void feeder_loop();
  void stop_feeder();

  std::string name_;
  std::shared_ptr<PlcLink> blower_link_;
  std::shared_ptr<PlcLink> doser_link_;
  std::shared_ptr<BlowerController> blower_;
  std::shared_ptr<RotaryDoser> doser_;
  std::atomic<double> rate_;
  std::atomic<bool> feeding_;
  std::atomic<std::size_t> failed_writes_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::thread feeder_;
};

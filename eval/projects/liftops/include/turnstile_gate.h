// TurnstileGate: one lift-line turnstile; a scanner thread reads passes and
// asks the validator whether to open.
#pragma once
#include <atomic>
#include <memory>
#include <string>
#include <thread>

#include "pass_reader.h"
#include "pass_validator.h"
#include "status.h"

namespace liftops {

class TurnstileGate {
public:
  TurnstileGate(std::string gateId, std::string device,
                std::shared_ptr<PassValidator> validator);
  ~TurnstileGate();

  Status init();
  void start();
  void stop();
  const std::string &id() const { return gateId_; }

private:
  void scanLoop();

  std::string gateId_;
  std::shared_ptr<PassValidator> validator_;
  PassReader reader_;
  std::atomic<bool> running_{false};
  std::thread scanner_;
};

} // namespace liftops

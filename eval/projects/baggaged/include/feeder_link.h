// FeederLink: the PLC link of one check-in belt feeder, with reconnect and
// exponential backoff. State: Down (not connected), Up, Closed (retired).
#pragma once
#include "serial_port.h"
#include "status.h"
#include <atomic>
#include <chrono>
#include <memory>
#include <string>

class FeederLink {
 public:
  enum class State { Down, Up, Closed };

  FeederLink(int beltId, std::string device, int maxAttempts = 5);
  ~FeederLink();
  FeederLink(const FeederLink&) = delete;
  FeederLink& operator=(const FeederLink&) = delete;

  Status connect();
  Status reconnect();
  void sendTelegram(const std::string& telegram);   // throws std::runtime_error unless Up
  std::string queryStatus();                        // throws std::runtime_error unless Up
  void close();                                     // retires the link; throws std::logic_error the second time
  bool isOpen() const;                              // true while Up
  State state() const;
  int beltId() const;

 private:
  int beltId_;
  std::string device_;
  int maxAttempts_;
  std::unique_ptr<SerialPort> port_;
  std::atomic<State> state_{State::Down};
  std::chrono::milliseconds backoff_{50};
};

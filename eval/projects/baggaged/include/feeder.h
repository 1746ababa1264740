// Feeder: one check-in belt feeder (weigh belt + collector) driven through
// its FeederLink. All Feeder calls are made from the control thread.
#pragma once
#include "feeder_guard.h"
#include "feeder_link.h"
#include "status.h"
#include <atomic>
#include <cstddef>
#include <memory>
#include <string>

class JournalWriter;

class Feeder {
 public:
  Feeder(int beltId, std::shared_ptr<FeederLink> link, std::shared_ptr<JournalWriter> journal);
  ~Feeder();
  Feeder(const Feeder&) = delete;
  Feeder& operator=(const Feeder&) = delete;

  Status start();
  Status injectBag(const std::string& tag);
  // Stops the belt and retires its PLC link; runs once.
  void halt();
  bool halted() const;
  int beltId() const;
  std::shared_ptr<FeederLink> link() const;

  friend bool isLive(const Feeder& feeder);
  friend bool canInduct(const Feeder& feeder);

 private:
  int beltId_;
  std::shared_ptr<FeederLink> link_;
  std::shared_ptr<JournalWriter> journal_;
  std::atomic<bool> halted_{false};
  bool running_ = false;
  std::size_t injected_ = 0;
};

// Sorter: the tilt-tray sorter. A poller thread reads status frames from the
// shared fieldbus; route() positions the diverter of the target chute.
// Stopping is two-phase: quiesce() stops and joins the poller, close() then
// releases the diverters and closes the bus. close() must follow quiesce().
#pragma once
#include "status.h"
#include <atomic>
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <thread>

class DiverterController;
class Fieldbus;
class JournalWriter;

class Sorter {
 public:
  enum class State { Idle, Running, Faulted, Quiesced, Closed };

  Sorter(std::shared_ptr<Fieldbus> bus, std::shared_ptr<JournalWriter> journal);
  ~Sorter();
  Sorter(const Sorter&) = delete;
  Sorter& operator=(const Sorter&) = delete;

  void addChute(int chute, int node);
  std::shared_ptr<DiverterController> diverter(int chute) const;
  Status start();
  Status route(const std::string& tag, int chute);
  void markFaulted();
  void quiesce();
  void close();   // idempotent
  State state() const;
  std::size_t framesSeen() const;

 private:
  void pollLoop();
  std::shared_ptr<Fieldbus> bus_;
  std::shared_ptr<JournalWriter> journal_;
  std::map<int, std::shared_ptr<DiverterController>> diverters_;
  std::atomic<State> state_{State::Idle};
  std::atomic<bool> running_{false};
  std::atomic<std::size_t> frames_{0};
  std::size_t routed_ = 0;
  std::thread poller_;
};

// Sorter: tilt-tray sorter on the shared fieldbus. start() spawns the poller
// thread; quiesce() stops and joins it; close() releases the diverters and
// closes the bus, and expects quiesce() to have run first.
#include "sorter.h"

#include "diverter.h"
#include "fieldbus.h"
#include "journal.h"

#include <exception>

Sorter::Sorter(std::shared_ptr<Fieldbus> bus, std::shared_ptr<JournalWriter> journal)
    : bus_(std::move(bus)), journal_(std::move(journal)) {}

Sorter::~Sorter() {
  if (state_ != State::Closed) {
    quiesce();
    close(); // OK: only when nobody closed the sorter, and after quiesce()
  }
}

void Sorter::addChute(int chute, int node) { diverters_[chute] = std::make_shared<DiverterController>(node, bus_); }

std::shared_ptr<DiverterController> Sorter::diverter(int chute) const {
  auto it = diverters_.find(chute);
  return it == diverters_.end() ? nullptr : it->second;
}

Status Sorter::start() {
  if (state_ == State::Running) return Status::Ok();
  if (state_ == State::Closed) return Status::Error(StatusCode::Closed, "sorter closed");
  if (!bus_->isOpen()) {
    Status st = bus_->open();
    if (!st.ok()) return st;
  }
  if (poller_.joinable()) {
    running_ = false;
    poller_.join();
  }
  running_ = true;
  poller_ = std::thread([this] { pollLoop(); });
  state_ = State::Running;
  return Status::Ok();
}

void Sorter::pollLoop() {
  while (running_) {
    try {
      std::vector<Frame> frames = bus_->poll(20); // BUG: use-after-close #skip_quiesce
      frames_ += frames.size();
    } catch (const std::exception& e) {
      journal_->tryWrite(std::string("sorter poller stopped: ") + e.what());
      return;
    }
  }
}

Status Sorter::route(const std::string& tag, int chute) {
  if (state_ != State::Running) return Status::Error(StatusCode::Closed, "sorter not running");
  auto it = diverters_.find(chute);
  if (it == diverters_.end()) return Status::Error(StatusCode::NotFound, "no chute " + std::to_string(chute));
  it->second->setPosition(1); // OK: diverters are released only by close(), which leaves the Running state
  ++routed_;
  journal_->tryWrite("bag " + tag + " -> chute " + std::to_string(chute));
  return Status::Ok();
}

void Sorter::markFaulted() {
  State expected = State::Running;
  state_.compare_exchange_strong(expected, State::Faulted);
}

void Sorter::quiesce() {
  running_ = false;
  if (poller_.joinable()) poller_.join();
  State expected = State::Running;
  state_.compare_exchange_strong(expected, State::Quiesced);
}

void Sorter::close() {
  if (state_ == State::Closed) return;
  for (auto& [chute, d] : diverters_) d->release();
  if (bus_->isOpen()) bus_->close(); // OK: degraded mode may already have cut the shared bus
  state_ = State::Closed;
  journal_->tryWrite("sorter closed after " + std::to_string(routed_) + " bags");
}

Sorter::State Sorter::state() const { return state_; }

std::size_t Sorter::framesSeen() const { return frames_; }

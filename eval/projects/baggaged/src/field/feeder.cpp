// Feeder: one check-in belt feeder. start() brings the PLC link up and starts
// the belt, halt() stops it and retires the link (once), the destructor
// retires a link that halt() did not.
#include "feeder.h"

#include "journal.h"

Feeder::Feeder(int beltId, std::shared_ptr<FeederLink> link, std::shared_ptr<JournalWriter> journal)
    : beltId_(beltId), link_(std::move(link)), journal_(std::move(journal)) {}

Feeder::~Feeder() {
  if (!halted_ && link_->state() != FeederLink::State::Closed) link_->close(); // OK: skipped when halt() or a failed start() retired the link
}

Status Feeder::start() {
  if (halted_) return Status::Error(StatusCode::Closed, "belt halted, reset required");
  if (link_->state() == FeederLink::State::Down) {
    Status st = link_->connect();
    if (!st.ok()) {
      journal_->tryWrite("belt " + std::to_string(beltId_) + ": PLC link failed: " + st.message());
      link_->close();
    }
  }
  link_->sendTelegram("START"); // BUG: use-after-close
  running_ = true;
  journal_->tryWrite("belt " + std::to_string(beltId_) + " running");
  return Status::Ok();
}

Status Feeder::injectBag(const std::string& tag) {
  if (!isLive(*this)) return Status::Error(StatusCode::Closed, "belt " + std::to_string(beltId_) + " not live");
  link_->sendTelegram("INJ " + tag);
  ++injected_;
  return Status::Ok();
}

void Feeder::halt() {
  if (halted_.exchange(true)) return;
  running_ = false;
  if (link_->isOpen()) link_->sendTelegram("STOP"); // OK: guarded by isOpen()
  if (link_->state() != FeederLink::State::Closed) link_->close(); // OK: halt() runs once and skips a retired link
  journal_->tryWrite("belt " + std::to_string(beltId_) + " halted after " + std::to_string(injected_) + " bags");
}

bool Feeder::halted() const { return halted_; }

int Feeder::beltId() const { return beltId_; }

std::shared_ptr<FeederLink> Feeder::link() const { return link_; }

// Field radio for triangulation crews working from trig pillars. SurveyParty owns the
// party's radio channel as a shared_ptr and, when the repeater changes, closes the old
// channel and swaps in a new one. PillarCrew copied the shared_ptr when it was assigned
// and keeps reporting its rounds on that copy after the swap. BookingClerk asks the party
// for the current channel each time, and SupplyRunner keeps a weak_ptr and checks
// isOpen() after lock(): both are correct.
#include "messaging.h"

#include <cstdio>
#include <memory>
#include <string>
#include <utility>

class SurveyParty {
public:
  explicit SurveyParty(std::shared_ptr<EventChannel> radio) : radio_(std::move(radio)) {}

  std::shared_ptr<EventChannel> radio() const { return radio_; }

  void changeRepeater(std::shared_ptr<EventChannel> fresh) {
    radio_->send("party: switching repeater");
    radio_->close();
    radio_ = std::move(fresh);
    radio_->send("party: on new repeater"); // OK
  }

  void standDown() {
    if (radio_ && radio_->isOpen())
      radio_->close(); // OK
  }

private:
  std::shared_ptr<EventChannel> radio_;
};

class PillarCrew {
public:
  PillarCrew(std::string pillar, const SurveyParty &party)
      : pillar_(std::move(pillar)), radio_(party.radio()) {}

  void reportRound(int round, double closureArcSec) {
    char line[96];
    std::snprintf(line, sizeof line, "%s round %d closure %.1f\"", pillar_.c_str(), round,
                  closureArcSec);
    radio_->send(line); // SAME: stale-radio
  }

private:
  std::string pillar_;
  std::shared_ptr<EventChannel> radio_;
};

class BookingClerk {
public:
  explicit BookingClerk(const SurveyParty &party) : party_(party) {}

  void bookAngle(const std::string &from, const std::string &to, double degrees) {
    std::shared_ptr<EventChannel> radio = party_.radio();
    if (!radio->isOpen())
      return;
    radio->send("angle " + from + "->" + to + " " + std::to_string(degrees)); // OK
  }

private:
  const SurveyParty &party_;
};

class SupplyRunner {
public:
  explicit SupplyRunner(const SurveyParty &party) : radio_(party.radio()) {}

  void request(const std::string &item) {
    if (std::shared_ptr<EventChannel> r = radio_.lock(); r && r->isOpen())
      r->send("supplies: " + item); // OK
  }

private:
  std::weak_ptr<EventChannel> radio_;
};

void fieldDay(SurveyParty &party, std::shared_ptr<EventChannel> backupRepeater) {
  PillarCrew crew("Black Combe", party);
  BookingClerk clerk(party);
  SupplyRunner runner(party);

  crew.reportRound(1, 2.4);
  clerk.bookAngle("Black Combe", "Scafell", 47.2231);
  party.changeRepeater(std::move(backupRepeater));
  clerk.bookAngle("Black Combe", "Skiddaw", 12.0417);
  runner.request("theodolite battery");
  crew.reportRound(2, 1.1); // BUG: use-after-close #stale-radio
  party.standDown();
}

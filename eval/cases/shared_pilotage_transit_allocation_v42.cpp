// Harbour pilotage: every vessel under pilotage has a TransitSession that
// publishes the pilot's position fixes to Kafka. TransitAllocation keeps the
// active sessions in a map keyed by call sign and hands out shared_ptr
// copies. disembark() only drops the map's reference (the last owner's
// destructor closes the producer); abortTransit() closes the session at once.
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "messaging.h"

struct PositionFix {
  double lat;
  double lon;
  double speedKnots;
};

class TransitSession {
public:
  TransitSession(std::string callSign, const std::string &brokers)
      : callSign_(std::move(callSign)), producer_(kafka::createProducer(brokers)) {}
  TransitSession(const TransitSession &) = delete;
  TransitSession &operator=(const TransitSession &) = delete;
  ~TransitSession() {
    if (!closed_)
      close();
  }

  void report(const PositionFix &fix) {
    std::string body = callSign_ + " " + std::to_string(fix.lat) + " " +
                       std::to_string(fix.lon) + " " + std::to_string(fix.speedKnots);
    producer_->send({"pilotage.fixes", body}); // SAME: aborted-transit
  }
  void close() {
    producer_->flush();
    producer_->close();
    closed_ = true;
  }
  const std::string &callSign() const { return callSign_; }

private:
  std::string callSign_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  bool closed_ = false;
};

class TransitAllocation {
public:
  explicit TransitAllocation(std::string brokers) : brokers_(std::move(brokers)) {}

  std::shared_ptr<TransitSession> board(const std::string &callSign) {
    auto session = std::make_shared<TransitSession>(callSign, brokers_);
    std::lock_guard<std::mutex> lk(mu_);
    active_[callSign] = session;
    return session;
  }
  std::shared_ptr<TransitSession> find(const std::string &callSign) {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = active_.find(callSign);
    return it == active_.end() ? nullptr : it->second;
  }
  void disembark(const std::string &callSign) {
    std::lock_guard<std::mutex> lk(mu_);
    active_.erase(callSign);
  }
  void abortTransit(const std::string &callSign) {
    std::shared_ptr<TransitSession> session;
    {
      std::lock_guard<std::mutex> lk(mu_);
      auto it = active_.find(callSign);
      if (it == active_.end())
        return;
      session = std::move(it->second);
      active_.erase(it);
    }
    session->close();
  }

private:
  std::string brokers_;
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<TransitSession>> active_;
};

void pilotDisembarks(TransitAllocation &alloc, const std::string &callSign,
                     const PositionFix &atLadder) {
  std::shared_ptr<TransitSession> session = alloc.find(callSign);
  if (!session)
    return;
  alloc.disembark(callSign);
  session->report(atLadder); // OK: our copy keeps the session and its producer open
}

void transferPilot(TransitAllocation &alloc, const std::string &from,
                   const std::string &to, const PositionFix &fix) {
  std::shared_ptr<TransitSession> session = alloc.find(from);
  if (!session)
    return;
  alloc.abortTransit(from);
  session = alloc.find(to);
  if (session)
    session->report(fix); // OK: reassigned to the other vessel's open session
}

void emergencyAnchoring(TransitAllocation &alloc, const std::string &callSign,
                        const PositionFix &anchorage) {
  std::shared_ptr<TransitSession> session = alloc.find(callSign);
  if (!session)
    return;
  alloc.abortTransit(callSign);
  session->report(anchorage); // BUG: use-after-close #aborted-transit
}

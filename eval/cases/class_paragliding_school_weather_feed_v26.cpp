// Launch-site monitor of a paragliding school: wind reports from the hill's
// anemometer arrive on a Kafka topic, gusts above the school's limit ground
// the students over the instructors' radio relay, and every flight is logged
// on a producer that is replaced at the start of each flying day. Negative
// case: the daily producer is closed and replaced before the next send, and
// dropped when the site closes; the radio relay (net::Connection, whose
// close() may be repeated) is checked before each announcement; flights
// logged while no producer is open are kept in a backlog; the consumer is
// committed before it is closed and not used afterwards.
#include "messaging.h"
#include "netconn.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

struct WindReport {
  double meanKmh = 0.0;
  double gustKmh = 0.0;
  int directionDeg = 0;
};

struct Flight {
  std::string pilot;
  std::string wing;
  int minutes = 0;
};

bool decodeWindReport(RdKafka::Message *msg, WindReport &out);
void releaseMessage(RdKafka::Message *msg);

class LaunchSiteMonitor {
public:
  LaunchSiteMonitor(RdKafka::KafkaConsumer &wind, std::string radioEndpoint)
      : wind_(wind), radio_(std::move(radioEndpoint)) {}
  ~LaunchSiteMonitor() { radio_.close(); } // OK

  int pollWind(int rounds, double gustLimitKmh);
  void startDay(const std::string &brokers);
  void logFlight(const Flight &f);
  void closeSite();

private:
  void announce(const std::string &text);

  RdKafka::KafkaConsumer &wind_;
  net::Connection radio_;
  std::unique_ptr<kafka::KafkaProducer> flights_;
  std::vector<kafka::ProducerRecord> backlog_;
  bool grounded_ = false;
};

void LaunchSiteMonitor::announce(const std::string &text) {
  if (radio_.isClosed())
    return;
  radio_.send(text); // OK
}

int LaunchSiteMonitor::pollWind(int rounds, double gustLimitKmh) {
  int seen = 0;
  for (int i = 0; i < rounds; ++i) {
    RdKafka::Message *msg = wind_.consume(1000);
    if (!msg)
      continue;
    WindReport report;
    bool ok = decodeWindReport(msg, report);
    releaseMessage(msg);
    if (!ok)
      continue;
    ++seen;
    bool tooStrong = report.gustKmh > gustLimitKmh;
    if (tooStrong != grounded_) {
      grounded_ = tooStrong;
      announce(tooStrong ? "ALL GROUNDED: gusts " + std::to_string(report.gustKmh)
                         : "Launch window open");
    }
  }
  wind_.commitSync();
  return seen;
}

void LaunchSiteMonitor::startDay(const std::string &brokers) {
  if (flights_) {
    flights_->flush();
    flights_->close();
  }
  flights_ = kafka::createProducer(brokers);
  flights_->send(kafka::ProducerRecord{"school.flights", "day-start"}); // OK
  for (const kafka::ProducerRecord &rec : backlog_)
    flights_->send(rec); // OK
  backlog_.clear();
}

void LaunchSiteMonitor::logFlight(const Flight &f) {
  kafka::ProducerRecord rec{"school.flights",
                            f.pilot + "," + f.wing + "," + std::to_string(f.minutes)};
  if (!flights_ || flights_->isClosed()) {
    backlog_.push_back(std::move(rec));
    return;
  }
  flights_->send(rec); // OK
}

void LaunchSiteMonitor::closeSite() {
  announce("Site closed for today");
  radio_.close();
  if (flights_) {
    flights_->flush();
    flights_->close();
    flights_.reset();
  }
  wind_.commitSync();
  wind_.close();
}

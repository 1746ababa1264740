// Sawmill production events: the log scanner grades every incoming log, the
// kiln controller reports each drying charge, and the moisture probes in the
// drying yard post readings; all of them publish through the mill's Kafka
// producer. The producer is replaced when the plant network rotates broker
// credentials at shift change.
#include "messaging.h"

#include <cstdio>
#include <memory>
#include <string>
#include <utility>

struct LogScan {
  std::string tag;
  double diameterCm = 0.0;
  double lengthM = 0.0;
  char grade = 'C';
};

struct KilnCharge {
  int kiln = 0;
  int boardFeet = 0;
  double targetMoisturePct = 12.0;
};

class ProducerHub {
public:
  explicit ProducerHub(const std::string &brokers)
      : current_(kafka::createProducer(brokers)) {}

  std::shared_ptr<kafka::KafkaProducer> current() const { return current_; }
  std::weak_ptr<kafka::KafkaProducer> watch() const { return current_; }

  void rotate(const std::string &brokers) {
    current_->flush();
    current_->close();
    current_ = kafka::createProducer(brokers);
  }

private:
  std::shared_ptr<kafka::KafkaProducer> current_;
};

class LogScanner {
public:
  explicit LogScanner(ProducerHub &hub) : hub_(hub) {}

  void onScan(const LogScan &s) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "{\"tag\":\"%s\",\"d\":%.1f,\"l\":%.2f,\"g\":\"%c\"}",
                  s.tag.c_str(), s.diameterCm, s.lengthM, s.grade);
    hub_.current()->send({"mill.logs", buf}); // OK
  }

private:
  ProducerHub &hub_;
};

class KilnController {
public:
  explicit KilnController(ProducerHub &hub) : producer_(hub.current()) {}

  void reportCharge(const KilnCharge &c) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "{\"kiln\":%d,\"bf\":%d,\"mc\":%.1f}", c.kiln,
                  c.boardFeet, c.targetMoisturePct);
    producer_->send({"mill.kiln", buf}); // SAME: stale_kiln
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

class YardProbes {
public:
  explicit YardProbes(ProducerHub &hub) : producer_(hub.watch()) {}

  void onReading(int stack, double moisturePct) {
    std::shared_ptr<kafka::KafkaProducer> p = producer_.lock();
    if (!p || p->isClosed())
      return;
    p->send({"mill.yard", std::to_string(stack) + ":" + std::to_string(moisturePct)}); // OK
  }

private:
  std::weak_ptr<kafka::KafkaProducer> producer_;
};

class Mill {
public:
  explicit Mill(const std::string &brokers)
      : hub_(brokers), scanner_(hub_), kiln_(hub_), yard_(hub_) {}

  void shiftChange(const std::string &newBrokers, const KilnCharge &lastCharge,
                   const LogScan &firstScan) {
    hub_.rotate(newBrokers);
    scanner_.onScan(firstScan); // OK
    yard_.onReading(1, 19.5); // OK
    kiln_.reportCharge(lastCharge); // BUG: use-after-close #stale_kiln
  }

  void onScan(const LogScan &s) { scanner_.onScan(s); }

private:
  ProducerHub hub_;
  LogScanner scanner_;
  KilnController kiln_;
  YardProbes yard_;
};

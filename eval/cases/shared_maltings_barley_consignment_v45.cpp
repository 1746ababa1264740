// Barley intake at a maltings. Lorry consignments are weighed in on two intake
// lanes that share one weighbridge ticket printer (a FILE* owned by a
// shared_ptr whose deleter fcloses it), one Kafka producer for the intake
// topic and one EventChannel to the grain ledger. The sample lab only keeps a
// weak_ptr to the producer.
// Correct: a lane that retires only drops its shared_ptr, so the printer is
// closed by the last owner; the producer and ledger channel are closed behind
// an isClosed()/isOpen() check, so a second owner's close is skipped; the lab
// locks its weak_ptr and checks isClosed() before sending.
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "messaging.h"

struct Consignment {
  std::string lorry;
  std::string variety;
  int netKg;
  double moisturePct;
};

class IntakeLane {
public:
  IntakeLane(int number, std::shared_ptr<FILE> printer,
             std::shared_ptr<kafka::KafkaProducer> producer)
      : number_(number), printer_(std::move(printer)), producer_(std::move(producer)) {}

  void weighIn(const Consignment &c) {
    std::fprintf(printer_.get(), "LANE %d  %-10s %-12s %6d kg\n", number_, c.lorry.c_str(),
                 c.variety.c_str(), c.netKg);
    producer_->send({"barley.intake", c.lorry + ":" + std::to_string(c.netKg)});
  }
  void retire() {
    printer_.reset();
    producer_.reset();
  }

private:
  int number_;
  std::shared_ptr<FILE> printer_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

class SampleLab {
public:
  explicit SampleLab(std::weak_ptr<kafka::KafkaProducer> producer) : producer_(std::move(producer)) {}
  void report(const Consignment &c) {
    auto producer = producer_.lock();
    if (!producer || producer->isClosed())
      return;
    producer->send({"barley.moisture", c.lorry + ":" + std::to_string(c.moisturePct)}); // OK
  }

private:
  std::weak_ptr<kafka::KafkaProducer> producer_;
};

class GrainLedgerLink {
public:
  explicit GrainLedgerLink(std::shared_ptr<EventChannel> channel) : channel_(std::move(channel)) {}
  void post(const std::string &entry) {
    if (channel_->isOpen())
      channel_->send(entry);
  }
  void close() {
    if (channel_->isOpen())
      channel_->close();
  }

private:
  std::shared_ptr<EventChannel> channel_;
};

class IntakeCoordinator {
public:
  IntakeCoordinator(const std::string &printerPath, std::shared_ptr<EventChannel> ledger)
      : producer_(kafka::createProducer("kafka-1:9092,kafka-2:9092")),
        lab_(producer_), weighbridge_(ledger), silos_(std::move(ledger)) {
    std::shared_ptr<FILE> printer(std::fopen(printerPath.c_str(), "a"), [](FILE *f) {
      if (f)
        std::fclose(f);
    });
    lanes_.emplace_back(1, printer, producer_);
    lanes_.emplace_back(2, printer, producer_);
  }

  void receive(std::size_t lane, const Consignment &c) {
    lanes_.at(lane).weighIn(c);
    lab_.report(c);
    weighbridge_.post("in " + c.lorry);
  }

  void closeLaneOne() { lanes_.at(0).retire(); }

  void shutdown() {
    for (IntakeLane &lane : lanes_)
      lane.retire();
    if (!producer_->isClosed()) {
      producer_->flush();
      producer_->close(); // OK
    }
    weighbridge_.close();
    silos_.close(); // OK
  }

  void lateSample(const Consignment &c) { lab_.report(c); }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  SampleLab lab_;
  GrainLedgerLink weighbridge_;
  GrainLedgerLink silos_;
  std::vector<IntakeLane> lanes_;
};

void runIntakeDay(std::shared_ptr<EventChannel> ledger) {
  IntakeCoordinator intake("/dev/usb/lp0", std::move(ledger));
  intake.receive(0, {"YX19 KBD", "Laureate", 28740, 13.2});
  intake.closeLaneOne();
  intake.receive(1, {"WR68 PLN", "Planet", 27110, 14.1}); // OK
  intake.shutdown();
  intake.lateSample({"WR68 PLN", "Planet", 27110, 14.4}); // OK
  intake.shutdown(); // OK
}

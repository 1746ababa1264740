// Woolshed lot recording. Bellies are weighed on a per-pen BellyLine held in a
// std::optional (closed and re-emplaced when the pen changes), dags go on a
// std::ofstream tally that is closed and reopened per run, and finished
// lambswool lots are published through a Kafka producer held by shared_ptr
// that is replaced when the shed fails over to the backup broker.
#include "messaging.h"
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

class BellyLine {
public:
  explicit BellyLine(int pen)
      : pen_(pen), fp_(std::fopen(("/shed/bellies_pen" + std::to_string(pen) + ".txt").c_str(), "a")) {}
  ~BellyLine() { close(); }
  BellyLine(const BellyLine &) = delete;
  BellyLine &operator=(const BellyLine &) = delete;
  void record(double kg) {
    if (!fp_)
      throw std::runtime_error("belly line closed");
    std::fprintf(fp_, "pen %d %.2fkg\n", pen_, kg);
  }
  void close() {
    if (fp_) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
  }

private:
  int pen_;
  FILE *fp_;
};

class LotPublisher {
public:
  explicit LotPublisher(const std::string &brokers) : producer_(kafka::createProducer(brokers)) {}

  void queueLot(const std::string &lot) {
    auto producer = producer_;
    pending_.push_back([producer, lot] { producer->send({"wool.lots", lot}); }); // SAME: lotsend
  }
  void queueNote(const std::string &note) {
    pending_.push_back([this, note] { producer_->send({"wool.notes", note}); }); // OK
  }
  void failover(const std::string &backupBrokers) {
    producer_->close();
    producer_ = kafka::createProducer(backupBrokers);
    producer_->send({"wool.notes", "failed over to " + backupBrokers}); // OK
  }
  void flushPending() {
    for (auto &send : pending_)
      send();
    pending_.clear();
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::vector<std::function<void()>> pending_;
};

class ShedRecorder {
public:
  void startPen(int pen) {
    if (bellies_)
      bellies_->close();
    bellies_.emplace(pen);
    bellies_->record(0.0); // OK
  }
  void weighBellies(double kg) {
    if (bellies_)
      bellies_->record(kg); // SAME: bellyrecord
  }
  // A pen cut out of the run keeps its slot until the next pen starts.
  void cutOutPen() {
    if (bellies_)
      bellies_->close();
  }
  void nextRun(const std::string &path) {
    dags_.close();
    dags_.open(path, std::ios::app);
    if (!dags_.is_open())
      throw std::runtime_error("dag tally: cannot open " + path);
    dags_ << "run start\n"; // OK
  }
  void rolloverDags(const std::string &path) {
    dags_.close();
    dags_.open(path, std::ios::app);
    if (!dags_.is_open())
      std::cerr << "dag tally: cannot open " << path << '\n';
    dags_ << "carried over\n"; // BUG: use-after-close
  }

private:
  std::optional<BellyLine> bellies_;
  std::ofstream dags_;
};

void endOfRun(LotPublisher &pub, ShedRecorder &rec) {
  rec.startPen(6);
  rec.weighBellies(3.4);
  rec.cutOutPen();
  rec.weighBellies(0.8); // BUG: use-after-close #bellyrecord
  pub.queueLot("L-17 AAAM lambswool 12 bales");
  pub.queueNote("pen 6 bellies weighed");
  pub.failover("backup-broker:9092");
  pub.flushPending(); // BUG: use-after-close #lotsend
  rec.nextRun("/shed/dags_run4.txt");
  rec.rolloverDags("/shed/dags_run5.txt");
}

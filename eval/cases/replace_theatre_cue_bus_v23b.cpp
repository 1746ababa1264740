// Theatre lighting cue bus. The lighting desk publishes every cue GO to Kafka
// so that the sound desk, follow-spot operators and the show log stay in step.
// On a broker failover the desk closes its producer and creates a new one for
// the standby cluster; when the backup desk takes over, its producer is
// swapped in; the rehearsal recorder keeps a producer in a std::optional and
// replaces it for every take.
// Negative case: every send that follows a close goes to a producer that
// replaced the closed one (reassigned unique_ptr, swap, optional::emplace), or
// is guarded by isClosed().
#include "messaging.h"
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

struct Cue {
  std::string number;
  double fadeSeconds = 0.0;
};

class CueBus {
public:
  CueBus(std::string primaryBrokers, std::string standbyBrokers)
      : primaryBrokers_(std::move(primaryBrokers)),
        standbyBrokers_(std::move(standbyBrokers)),
        producer_(kafka::createProducer(primaryBrokers_)) {}

  bool go(const Cue &cue) {
    if (!producer_ || producer_->isClosed())
      return false;
    producer_->send({"cues", "GO " + cue.number + " " + std::to_string(cue.fadeSeconds)}); // OK: guarded by isClosed()
    return true;
  }

  void failover() {
    producer_->flush();
    producer_->close();
    producer_ = kafka::createProducer(standbyBrokers_);
    producer_->send({"cues", "FAILOVER standby"}); // OK: new producer from createProducer
    std::swap(primaryBrokers_, standbyBrokers_);
  }

  // The backup desk hands over its producer; ours goes back to it closed.
  void takeOverFrom(std::unique_ptr<kafka::KafkaProducer> &backup) {
    producer_.swap(backup);
    backup->close();
    producer_->send({"cues", "DESK backup-in-control"}); // OK: producer_ is the backup's open producer
  }

  void close() {
    if (producer_ && !producer_->isClosed())
      producer_->close();
  }

private:
  std::string primaryBrokers_;
  std::string standbyBrokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
};

class RehearsalRecorder {
public:
  explicit RehearsalRecorder(std::string brokers) : brokers_(std::move(brokers)) {}

  void startTake(int take) {
    if (rec_) {
      rec_->close();
      rec_.reset();
    }
    rec_.emplace(brokers_);
    rec_->send({"rehearsal", "TAKE " + std::to_string(take)}); // OK: emplaced a new producer
  }

  void record(const Cue &cue) {
    if (rec_)
      rec_->send({"rehearsal", cue.number}); // OK: each take emplaces a fresh producer
  }

  void endTake() {
    if (rec_ && !rec_->isClosed()) {
      rec_->flush();
      rec_->close();
    }
    rec_.reset();
  }

private:
  std::string brokers_;
  std::optional<kafka::KafkaProducer> rec_;
};

void runShow(const std::vector<Cue> &cues, int failoverAt) {
  CueBus bus("kafka-a.theatre:9092", "kafka-b.theatre:9092");
  RehearsalRecorder recorder("kafka-rehearsal.theatre:9092");
  std::unique_ptr<kafka::KafkaProducer> backupDesk =
      kafka::createProducer("kafka-a.theatre:9092");
  recorder.startTake(1);
  int n = 0;
  for (const Cue &cue : cues) {
    if (n++ == failoverAt)
      bus.failover();
    bus.go(cue);
    recorder.record(cue);
  }
  recorder.endTake();
  recorder.startTake(2);
  bus.takeOverFrom(backupDesk);
  bus.go({"Q-curtain", 3.0});
  recorder.endTake();
  bus.close();
}

// Factory events of a tea plantation's processing floor: withering troughs
// subscribe to the sensor hub and forward humidity and airflow readings, the
// rolling line reports finished batches, and the drying oven reports its
// burner state; all go to Kafka through the factory bus, whose producer is
// replaced when the broker credentials are rotated at shift change.
#include "messaging.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class FactoryBus {
public:
  explicit FactoryBus(const std::string &brokers)
      : producer_(std::make_shared<kafka::KafkaProducer>(brokers)) {}
  ~FactoryBus() { producer_->close(); }
  FactoryBus(const FactoryBus &) = delete;
  FactoryBus &operator=(const FactoryBus &) = delete;

  std::shared_ptr<kafka::KafkaProducer> producer() const { return producer_; }
  void rotate(const std::string &brokers);

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

void FactoryBus::rotate(const std::string &brokers) {
  producer_->flush();
  producer_->close();
  producer_ = std::make_shared<kafka::KafkaProducer>(brokers);
  producer_->send(kafka::ProducerRecord{"tea.bus", "credentials rotated"}); // OK
}

class SensorHub {
public:
  using Handler = std::function<void(const std::string &, double)>;
  void subscribe(std::string prefix, Handler handler) {
    subs_.push_back(Sub{std::move(prefix), std::move(handler)});
  }
  void publish(const std::string &sensor, double value) {
    for (const Sub &s : subs_)
      if (sensor.compare(0, s.prefix.size(), s.prefix) == 0)
        s.handler(sensor, value);
  }

private:
  struct Sub {
    std::string prefix;
    Handler handler;
  };
  std::vector<Sub> subs_;
};

class WitheringTrough {
public:
  WitheringTrough(int id, FactoryBus &bus, SensorHub &hub)
      : id_(id), producer_(bus.producer()) {
    hub.subscribe("trough" + std::to_string(id) + ".",
                  [this](const std::string &sensor, double value) {
                    onReading(sensor, value);
                  });
  }
  WitheringTrough(const WitheringTrough &) = delete;
  WitheringTrough &operator=(const WitheringTrough &) = delete;

private:
  void onReading(const std::string &sensor, double value) {
    producer_->send(kafka::ProducerRecord{ // BUG: use-after-close
        "tea.withering",
        std::to_string(id_) + ":" + sensor + "=" + std::to_string(value)});
  }

  int id_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

class RollingLine {
public:
  explicit RollingLine(FactoryBus &bus) : bus_(bus) {}
  void batchDone(int batch, double kg) {
    bus_.producer()->send(kafka::ProducerRecord{ // OK
        "tea.rolling", std::to_string(batch) + "," + std::to_string(kg)});
  }

private:
  FactoryBus &bus_;
};

class DryingOven {
public:
  explicit DryingOven(FactoryBus &bus) : producer_(bus.producer()) {}
  void burner(bool on) {
    std::shared_ptr<kafka::KafkaProducer> p = producer_.lock();
    if (!p || p->isClosed())
      return;
    p->send(kafka::ProducerRecord{"tea.oven", on ? "on" : "off"}); // OK
  }

private:
  std::weak_ptr<kafka::KafkaProducer> producer_;
};

void shiftChange(FactoryBus &bus, SensorHub &hub, RollingLine &rolling,
                 DryingOven &oven, const std::string &newBrokers) {
  bus.rotate(newBrokers);
  oven.burner(true);
  hub.publish("trough3.humidity", 71.5);
  rolling.batchDone(12, 84.0);
}

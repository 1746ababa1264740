// Piano tuners' booking service: publishes bookings to Kafka through a
// producer the service owns, while the reminder sender and the audit tap
// publish on the same producer. Credentials are rotated by closing the
// producer and creating a new one. The audit tap asks the service for its
// producer on every record; the reminder sender is built from the service's
// producer at the start of the day.
#include "messaging.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct Booking {
  std::string id;
  std::string client;
  std::string instrument; // "upright", "grand", ...
  long startEpoch;
};

class BookingService {
public:
  explicit BookingService(std::string brokers)
      : brokers_(std::move(brokers)), producer_(kafka::createProducer(brokers_)) {}

  std::shared_ptr<kafka::KafkaProducer> producer() const { return producer_; }
  void book(const Booking &b);
  void rotateCredentials();
  void close();

private:
  std::string brokers_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  bool closed_ = false;
};

void BookingService::book(const Booking &b) {
  if (closed_)
    return;
  producer_->send(kafka::ProducerRecord{"bookings", b.id + ";" + b.client + ";" + // OK
                                                        b.instrument});
}

void BookingService::rotateCredentials() {
  if (closed_)
    return;
  producer_->flush();
  producer_->close();
  producer_ = kafka::createProducer(brokers_);
}

void BookingService::close() {
  if (closed_)
    return;
  producer_->flush();
  producer_->close();
  closed_ = true;
}

class ReminderSender {
public:
  explicit ReminderSender(std::shared_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}

  int sendDue(const std::vector<Booking> &bookings, long now) {
    int sent = 0;
    for (const Booking &b : bookings) {
      if (b.startEpoch < now || b.startEpoch - now > 24 * 3600)
        continue;
      producer_->send(kafka::ProducerRecord{"reminders", b.id}); // SAME: reminders
      ++sent;
    }
    return sent;
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

class AuditTap {
public:
  using Source = std::function<std::shared_ptr<kafka::KafkaProducer>()>;
  explicit AuditTap(Source source) : source_(std::move(source)) {}

  void record(const std::string &what) {
    std::shared_ptr<kafka::KafkaProducer> p = source_();
    p->send(kafka::ProducerRecord{"audit", what}); // OK
  }

private:
  Source source_;
};

void run_day(BookingService &service, const std::vector<Booking> &morning,
             const std::vector<Booking> &afternoon, long noon) {
  ReminderSender reminders(service.producer());
  AuditTap audit([&service] { return service.producer(); });

  for (const Booking &b : morning)
    service.book(b);
  reminders.sendDue(morning, noon - 6 * 3600); // OK
  audit.record("morning bookings " + std::to_string(morning.size()));

  service.rotateCredentials();

  for (const Booking &b : afternoon)
    service.book(b);
  audit.record("credentials rotated"); // OK
  reminders.sendDue(afternoon, noon); // BUG: use-after-close #reminders
  service.close();
}

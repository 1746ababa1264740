// Billing cycle: invoices are published on an in-process InvoiceEvents hub.
// Three subscribers share one kafka::KafkaProducer: LedgerExporter captures
// the shared_ptr in its callback and sends unconditionally, DunningNotifier
// checks isClosed() and defers, TaxReporter holds a weak_ptr and checks too.
// The cycle closes the producer through LedgerExporter::stop(); late
// adjustments published afterwards reach the exporter's callback, whose
// send() then fails ("Producer closed while send in progress").
#include "messaging.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct Invoice {
  std::string id;
  std::string account;
  long cents = 0;
  bool overdue = false;
};

static std::string serialize(const Invoice &inv) {
  return "{\"id\":\"" + inv.id + "\",\"account\":\"" + inv.account + "\",\"cents\":" + std::to_string(inv.cents) + "}";
}

class InvoiceEvents {
public:
  using Handler = std::function<void(const Invoice &)>;
  void subscribe(Handler h) { handlers_.push_back(std::move(h)); }
  void publish(const Invoice &inv) {
    for (Handler &h : handlers_)
      h(inv);
  }

private:
  std::vector<Handler> handlers_;
};

class LedgerExporter {
public:
  LedgerExporter(std::shared_ptr<kafka::KafkaProducer> producer, InvoiceEvents &events)
      : producer_(std::move(producer)) {
    auto p = producer_;
    events.subscribe([p](const Invoice &inv) {
      p->send({"ledger.invoices", serialize(inv)}); // SAME: late_adjustment
    });
  }
  void stop() {
    producer_->flush();
    producer_->close();
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

class DunningNotifier {
public:
  DunningNotifier(std::shared_ptr<kafka::KafkaProducer> producer, InvoiceEvents &events)
      : producer_(std::move(producer)) {
    events.subscribe([this](const Invoice &inv) { onInvoice(inv); });
  }
  const std::vector<Invoice> &deferred() const { return deferred_; }

private:
  void onInvoice(const Invoice &inv) {
    if (!inv.overdue)
      return;
    if (producer_->isClosed()) {
      deferred_.push_back(inv);
      return;
    }
    producer_->send({"billing.dunning", serialize(inv)}); // OK: isClosed() checked just above
  }

  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::vector<Invoice> deferred_;
};

class TaxReporter {
public:
  TaxReporter(const std::shared_ptr<kafka::KafkaProducer> &producer, InvoiceEvents &events) : producer_(producer) {
    events.subscribe([this](const Invoice &inv) { totalCents_ += inv.cents; });
  }
  void emitDailyTotal(const std::string &day) {
    auto p = producer_.lock();
    if (!p || p->isClosed())
      return;
    p->send({"tax.daily", day + ":" + std::to_string(totalCents_)}); // OK: lock() and isClosed() checked
  }

private:
  std::weak_ptr<kafka::KafkaProducer> producer_;
  long totalCents_ = 0;
};

void runBillingCycle(const std::vector<Invoice> &batch, const std::vector<Invoice> &adjustments) {
  std::shared_ptr<kafka::KafkaProducer> producer = kafka::createProducer("kafka-billing-1:9092");
  InvoiceEvents events;
  LedgerExporter ledger(producer, events);
  DunningNotifier dunning(producer, events);
  TaxReporter tax(producer, events);

  for (const Invoice &inv : batch)
    events.publish(inv);
  tax.emitDailyTotal("2024-03-31");
  ledger.stop();

  tax.emitDailyTotal("2024-03-31-final"); // OK: emitDailyTotal() returns early once the producer is closed
  // Adjustments found by the reconciliation step after the cycle closed.
  for (const Invoice &adj : adjustments)
    events.publish(adj); // BUG: use-after-close #late_adjustment
}

int main() {
  std::vector<Invoice> batch = {{"inv-1", "acme", 129900, false}, {"inv-2", "globex", 4500, true}};
  std::vector<Invoice> adjustments = {{"adj-7", "acme", -2000, false}};
  runBillingCycle(batch, adjustments);
  return 0;
}

// Spa resort booking feed. Treatment bookings are published to Kafka; when the
// broker list changes the producer is closed and a new one is created before
// the next send. The therapist roster connection is swapped for a fresh one at
// shift change, the sauna sensor link (an std::optional) is re-established
// after a reset, and the nightly ledger file is rotated by closing and opening
// a new file into the same pointer. Every send after a close goes to the
// replacement object, on every path, so nothing is used after its close.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "messaging.h"
#include "netconn.h"

namespace sparesort {

struct Booking {
  std::string guest;
  std::string treatment;
  int minutes = 0;
  bool brokerChanged = false;
};

std::string currentBrokers();
std::string serialize(const Booking &b);

void publishBookings(const std::vector<Booking> &bookings) {
  std::unique_ptr<kafka::KafkaProducer> producer =
      kafka::createProducer(currentBrokers());
  for (const Booking &b : bookings) {
    if (b.brokerChanged) {
      producer->flush();
      producer->close();
      producer = kafka::createProducer(currentBrokers());
    }
    producer->send(kafka::ProducerRecord{"spa.bookings", serialize(b)}); // OK
  }
  producer->flush(); // OK
  producer->close();
}

void rosterShiftChange(net::Connection &roster, const std::string &endpoint,
                       const std::vector<std::string> &therapists) {
  if (!roster.isClosed()) {
    roster.flush();
    roster.close();
  }
  roster = net::Connection(endpoint);
  for (const std::string &t : therapists)
    roster.send("on-shift " + t); // OK
}

struct SaunaReading {
  int cabin = 0;
  double celsius = 0.0;
  bool sensorReboot = false;
};

void relaySauna(const std::string &endpoint,
                const std::vector<SaunaReading> &readings) {
  std::optional<net::Connection> link(std::in_place, endpoint);
  for (const SaunaReading &r : readings) {
    if (r.sensorReboot) {
      link->close();
      link.reset();
      link.emplace(endpoint);
    }
    link->send("cabin " + std::to_string(r.cabin) + " " + // OK
               std::to_string(r.celsius));
  }
  link->close();
}

bool writeLedger(const std::string &dir, const std::vector<Booking> &day) {
  std::string path = dir + "/ledger.csv";
  FILE *ledger = std::fopen(path.c_str(), "a");
  if (!ledger)
    return false;
  int rows = 0;
  int part = 0;
  for (const Booking &b : day) {
    if (rows == 1000) {
      std::fclose(ledger);
      path = dir + "/ledger." + std::to_string(++part) + ".csv";
      ledger = std::fopen(path.c_str(), "a");
      if (!ledger)
        return false;
      rows = 0;
    }
    std::fprintf(ledger, "%s,%s,%d\n", b.guest.c_str(), // OK
                 b.treatment.c_str(), b.minutes);
    ++rows;
  }
  return std::fclose(ledger) == 0; // OK
}

} // namespace sparesort

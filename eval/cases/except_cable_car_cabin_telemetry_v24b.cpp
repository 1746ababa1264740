// Aerial ropeway (cable car) operations: the drive station reports rope
// tension and cabin positions to the operations centre, and parks the cabins
// at the end of the day. Telemetry goes to Kafka; the parking protocol talks
// to the station PLC over a net::Connection. Each routine wraps its work in a
// try whose last statement (or handler) closes the link.
#include "messaging.h"
#include "netconn.h"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Cabin {
  int number = 0;
  double positionM = 0;
  bool occupied = false;
};

constexpr double kMaxTensionKn = 410.0;

void reportRopeTension(kafka::KafkaProducer &telemetry,
                       const std::vector<double> &tensionsKn) {
  try {
    for (double t : tensionsKn) {
      if (t > kMaxTensionKn)
        throw std::range_error("rope tension over limit");
      telemetry.send({"ropeway.tension", std::to_string(t)});
    }
  } catch (const std::range_error &e) {
    telemetry.send({"ropeway.alarm", e.what()}); // OK
    telemetry.close();
  }
  telemetry.flush(); // BUG: use-after-close
}

void reportCabins(kafka::KafkaProducer &telemetry,
                  const std::vector<Cabin> &cabins) {
  try {
    for (const Cabin &c : cabins) {
      if (c.positionM < 0)
        throw std::invalid_argument("cabin position before the valley station");
      telemetry.send({"ropeway.cabins", std::to_string(c.number) + "@" +
                                            std::to_string(c.positionM)});
    }
  } catch (const std::invalid_argument &e) {
    std::fprintf(stderr, "cabin report dropped: %s\n", e.what());
    telemetry.close();
    return;
  }
  telemetry.flush(); // OK
}

void parkCabins(net::Connection &plc, const std::vector<Cabin> &cabins) {
  try {
    for (const Cabin &c : cabins) {
      if (c.occupied)
        throw std::runtime_error("cabin " + std::to_string(c.number) +
                                 " still occupied");
      plc.send("PARK " + std::to_string(c.number));
    }
    plc.flush();
    plc.close();
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "parking aborted: %s\n", e.what());
    plc.close(); // OK
  }
}

void endOfDay(net::Connection &plc, kafka::KafkaProducer &telemetry,
              const std::vector<Cabin> &cabins) {
  try {
    plc.send("RETURN ALL");
    plc.flush();
    plc.close();
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "return failed: %s\n", e.what());
  }
  telemetry.send({"ropeway.status", "day end, " + std::to_string(cabins.size()) +
                                        " cabins"}); // OK
  plc.send("DRIVE OFF"); // BUG: use-after-close
  telemetry.close();
}

// Ice hotel season teardown and nightly audit. Both are written as lists of
// named steps. runUntilFailure() runs the steps in order and stops at the
// first one that returns false; runAll() runs every step regardless and
// returns how many failed. syncBookings() pushes the bookings to the property
// management system and, on a booking without a room, closes the PMS
// session and returns false.
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "messaging.h"
#include "netconn.h"

struct Step {
  const char *name;
  std::function<bool()> fn;
};

bool runUntilFailure(const std::vector<Step> &steps) {
  for (const Step &step : steps) {
    if (!step.fn()) {
      std::fprintf(stderr, "teardown stopped at: %s\n", step.name);
      return false;
    }
  }
  return true;
}

int runAll(const std::vector<Step> &steps) {
  int failed = 0;
  for (const Step &step : steps) {
    if (!step.fn()) {
      std::fprintf(stderr, "step failed: %s\n", step.name);
      ++failed;
    }
  }
  return failed;
}

struct Booking {
  std::string guest;
  std::string room;
  int nights = 0;
};

bool syncBookings(net::Connection &pms, const std::vector<Booking> &bookings) {
  for (const Booking &b : bookings) {
    if (b.room.empty()) {
      pms.send("REJECT " + b.guest);
      pms.close();
      return false;
    }
    pms.send("BOOK " + b.guest + " " + b.room + " " + std::to_string(b.nights));
  }
  return true;
}

bool closeSeason(net::Connection &pms, EventChannel &guests,
                 const std::vector<Booking> &bookings) {
  return runUntilFailure({
      {"sync bookings", [&] { return syncBookings(pms, bookings); }},
      {"final invoices",
       [&] {
         pms.send("INVOICES FINAL"); // OK
         return true;
       }},
      {"farewell message",
       [&] {
         guests.send("The ice hotel is closed for the season. Thank you!"); // OK
         return true;
       }},
      {"close guest channel",
       [&] {
         guests.close();
         return true;
       }},
      {"close PMS",
       [&] {
         pms.flush(); // OK
         pms.close();
         return true;
       }},
  });
}

int nightlyAudit(net::Connection &pms, const std::vector<Booking> &bookings,
                 const std::string &date) {
  return runAll({
      {"sync bookings", [&] { return syncBookings(pms, bookings); }},
      {"audit stamp",
       [&] {
         pms.send("AUDIT " + date); // BUG: use-after-close
         return true;
       }},
      {"close PMS",
       [&] {
         pms.close();
         return true;
       }},
  });
}

int suiteTemperatureCheck(net::Connection &pms, const std::vector<double> &suitesC,
                          const std::string &date) {
  return runAll({
      {"suite temperatures",
       [&] {
         for (double c : suitesC)
           if (c > -2.0)
             return false;
         return true;
       }},
      {"temperature report",
       [&] {
         pms.send("SUITE CHECK " + date); // OK
         return true;
       }},
  });
}

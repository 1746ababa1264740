// Bagel bakery oven line: the deck oven's controller is driven over a serial
// descriptor, the boiling kettle over a second one, and the line's events are
// reported to the bakery's production feed through a Kafka producer. The oven
// descriptor is reopened after a controller reset or moved to the backup
// port, the kettle's is reopened after a thermostat swap, and the producer is
// recreated after a broker failover.
#include "messaging.h"

#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>

namespace bakery {

struct OvenLine {
  int ovenFd = -1;
  int kettleFd = -1;
  std::string ovenDevice;
  std::string kettleDevice;
  std::string brokers;
  std::string standbyBrokers;
  std::unique_ptr<kafka::KafkaProducer> feed;
};

bool sendCommand(int fd, const std::string &cmd) {
  return ::write(fd, cmd.data(), cmd.size()) == static_cast<ssize_t>(cmd.size());
}

void onOvenReset(OvenLine &line, bool controllerBack) {
  ::close(line.ovenFd);
  if (controllerBack)
    line.ovenFd = ::open(line.ovenDevice.c_str(), O_RDWR | O_NOCTTY);
  const char status[] = "STATUS\r\n";
  if (::write(line.ovenFd, status, sizeof status - 1) < 0) // BUG: use-after-close
    std::perror("oven status");
}

void onThermostatSwap(OvenLine &line) {
  ::close(line.kettleFd);
  line.kettleFd = ::open(line.kettleDevice.c_str(), O_RDWR | O_NOCTTY);
  if (line.kettleFd < 0) {
    std::perror("kettle reopen");
    return;
  }
  if (!sendCommand(line.kettleFd, "SET 98C\r\n")) // OK
    std::perror("kettle setpoint");
}

void onBrokerFailover(OvenLine &line, bool standbyHealthy) {
  line.feed->close();
  if (standbyHealthy)
    line.feed = kafka::createProducer(line.standbyBrokers);
  line.feed->send({"bakery.oven", "failover complete"}); // BUG: use-after-close
}

void onBrokerRestored(OvenLine &line) {
  line.feed->flush();
  line.feed->close();
  line.feed = kafka::createProducer(line.brokers);
  line.feed->send({"bakery.oven", "primary brokers restored"}); // OK
}

void switchOvenPort(OvenLine &line, bool useBackupPort) {
  ::close(line.ovenFd);
  if (useBackupPort)
    line.ovenFd = ::open((line.ovenDevice + ".backup").c_str(), O_RDWR | O_NOCTTY);
  else
    line.ovenFd = ::open(line.ovenDevice.c_str(), O_RDWR | O_NOCTTY);
  if (line.ovenFd < 0) {
    std::perror("oven port");
    return;
  }
  if (!sendCommand(line.ovenFd, "STATUS\r\n")) // OK
    std::perror("oven status");
}

} // namespace bakery

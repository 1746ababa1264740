// Plaza configuration, read from a key=value file; the tariff comes from a
// separate file. ConfigReloader applies a new configuration to a running
// plaza, replacing the components whose settings changed.
#pragma once
#include "result.h"
#include "types.h"

#include <cstdint>
#include <string>
#include <vector>

namespace toll {

struct LaneEndpoint {
  LaneId lane = 0;
  std::string host;
  std::uint16_t dataPort = 0;
  std::uint16_t controlPort = 0;
};

struct CameraEndpoint {
  int id = 0;
  std::string device;
};

struct Config {
  int version = 0;
  std::string path;
  std::string brokers;
  std::string passageTopic = "toll.passages";
  std::string violationTopic = "toll.violations";
  std::string healthTopic = "toll.health";
  std::string enforcementBrokers;
  std::string billingEndpoint;
  std::string billingToken;
  std::size_t billingSessions = 4;
  std::string journalDir;
  std::size_t segmentBytes = 64u << 20;
  std::string reportDir;
  std::string auditHost;
  std::uint16_t auditPort = 0;
  std::string centralOffice;
  std::vector<LaneEndpoint> lanes;
  std::vector<CameraEndpoint> cameras;
  CameraEndpoint overviewCamera;
  std::string tariffPath;
};

Result loadConfig(const std::string &path, Config &out);
Result parseConfig(const std::string &text, Config &out);
Result readTariffFile(const std::string &path, TariffTable &out);
Result parseTariff(const std::string &text, TariffTable &out);

class Plaza;

class ConfigReloader {
public:
  ConfigReloader(Plaza &plaza, Config current);
  void apply(const Config &next);

private:
  void applyBrokers(const Config &next);
  void applyUplink(const Config &next);
  void applyCameras(const Config &next);
  void applyBilling(const Config &next);
  void applyIntake(const Config &next);

  Plaza &plaza_;
  Config current_;
};

} // namespace toll

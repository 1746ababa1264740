// Head-end configuration, read from a key = value file. SIGHUP re-reads it;
// the data directory only changes on restart.
#pragma once
#include <cstdint>
#include <string>

struct Config {
  std::string nodeName = "gridd";
  std::string listenAddr = "0.0.0.0";
  std::uint16_t port = 4059;
  std::string dataDir = "/var/lib/gridd";
  std::string spoolDir = "/var/spool/gridd/orders";
  std::string exportDir = "/var/lib/gridd/exports";
  std::string auditTarget = "-";
  std::string kafkaBrokers = "localhost:9092";
  std::string billingTopic = "billing.events";
  std::string mirrorHost;            // empty: no Cassandra mirror
  bool opsEvents = false;            // outage notices for grid operations
  bool exportXml = true;             // XML export after the CSV one
  int billingCycleDay = 1;
  int staleAfterSec = 3600;
  int housekeepingMs = 1000;
  unsigned exportThreads = 2;
  int healthIntervalMs = 5000;
  std::string healthFile;            // status file for the site's watchdog
};

bool loadConfig(const std::string &path, Config &out, std::string &error);

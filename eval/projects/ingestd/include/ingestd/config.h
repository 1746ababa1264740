// Daemon configuration and the loader for the "key = value" config file.
#pragma once
#include <cstddef>
#include <fstream>
#include <istream>
#include <string>

namespace ingestd {

struct Config {
  std::string listenAddress = "0.0.0.0";
  int listenPort = 9710;
  int adminPort = 9711;
  std::string segmentDir = "/var/lib/ingestd/segments";
  std::string spoolPath = "/var/lib/ingestd/spool.bin";
  std::string statsPath;
  std::string logPath = "/var/log/ingestd/ingestd.log";
  std::string secretsPath;
  std::size_t maxSegmentBytes = 8u << 20;
  std::string storageEndpoint = "objstore.internal:9000";
  int storageRetries = 3;
  unsigned uploadThreads = 4;
  std::size_t multipartThreshold = 32u << 20;
  std::size_t partSize = 8u << 20;
  int maxArchiveParts = 720;
  std::string kafkaBrokers = "kafka-1:9092";
  std::string segmentTopic = "ingest.segments";
  std::string healthTopic = "ingest.health";
  std::string statsTopic = "ingest.stats";
  std::string standbyPeer;
  std::string encoderPath = "/usr/libexec/ingestd/thumbenc";
  int thumbTimeoutMs = 2000;
  int idleTimeoutSec = 20;
  int handshakeTimeoutMs = 3000;
  int healthIntervalSec = 10;
};

// Parses "key = value" lines ('#' starts a comment) into out. Unknown keys
// are ignored; returns false on a malformed line.
bool parseConfigStream(std::istream &in, Config &out);

// Loads the config file. load() opens the file, parses it, closes it and
// then applies the optional "<path>.local" overrides. reload() parses the
// file again on SIGHUP.
class ConfigLoader {
public:
  explicit ConfigLoader(std::string path);
  bool load(Config &out);
  bool reload(Config &out);
  const std::string &path() const { return path_; }

private:
  std::string path_;
  std::ifstream in_;
};

} // namespace ingestd

// Config::load: parses "key = value" lines; repeated keys (root, storage)
// accumulate. "<path>.local", when present, is read after the main file with
// the same stream object and overrides it.
#include "backupd/config.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace backupd {
namespace {

std::string trim(const std::string &s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return {};
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

Endpoint parseEndpoint(const std::string &value) {
  Endpoint ep;
  const auto colon = value.rfind(':');
  if (colon == std::string::npos)
    throw std::runtime_error("endpoint without port: " + value);
  ep.host = value.substr(0, colon);
  ep.port = static_cast<std::uint16_t>(std::stoul(value.substr(colon + 1)));
  return ep;
}

void apply(Config &cfg, const std::string &key, const std::string &value) {
  if (key == "root")
    cfg.roots.push_back(value);
  else if (key == "state_dir")
    cfg.stateDir = value;
  else if (key == "journal")
    cfg.journalPath = value;
  else if (key == "stats")
    cfg.statsPath = value;
  else if (key == "storage")
    cfg.storage.push_back(parseEndpoint(value));
  else if (key == "status")
    cfg.statusEndpoint = parseEndpoint(value);
  else if (key == "conns_per_endpoint")
    cfg.connsPerEndpoint = std::stoul(value);
  else if (key == "catalog") {
    const Endpoint ep = parseEndpoint(value);
    cfg.catalogHost = ep.host;
    cfg.catalogPort = ep.port;
  } else if (key == "kafka_brokers")
    cfg.kafkaBrokers = value;
  else if (key == "kafka_topic")
    cfg.kafkaTopic = value;
  else if (key == "compress_threads")
    cfg.compressThreads = static_cast<unsigned>(std::stoul(value));
  else if (key == "upload_threads")
    cfg.uploadThreads = static_cast<unsigned>(std::stoul(value));
  else if (key == "chunk_size")
    cfg.chunkSize = std::stoul(value);
  else if (key == "part_size")
    cfg.partSize = std::stoul(value);
  else if (key == "bandwidth")
    cfg.bandwidth = std::stoull(value);
  else if (key == "interval")
    cfg.interval = std::chrono::seconds(std::stol(value));
  else if (key == "keepalive")
    cfg.keepalive = std::chrono::seconds(std::stol(value));
  else if (key == "index_shards")
    cfg.indexShards = std::stoi(value);
  else if (key == "max_attempts")
    cfg.maxAttempts = std::stoi(value);
  else if (key == "pipeline_trailers")
    cfg.pipelineTrailers = (value == "true" || value == "1");
  else
    throw std::runtime_error("unknown config key: " + key);
}

void parseStream(std::istream &in, Config &cfg) {
  std::string line;
  while (std::getline(in, line)) {
    line = trim(line);
    if (line.empty() || line[0] == '#')
      continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error("bad config line: " + line);
    apply(cfg, trim(line.substr(0, eq)), trim(line.substr(eq + 1)));
  }
}

} // namespace

Config Config::load(const std::string &path) {
  Config cfg;
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("cannot read config " + path);
  parseStream(in, cfg);
  in.close();

  in.open(path + ".local");
  if (in.is_open())
    parseStream(in, cfg); // OK: the stream was reopened on the override file
  in.close();

  if (cfg.storage.empty())
    throw std::runtime_error("config: no storage endpoint");
  if (cfg.statusEndpoint.host.empty())
    cfg.statusEndpoint = cfg.storage.front();
  if (cfg.compressThreads == 0)
    cfg.compressThreads = 1;
  if (cfg.uploadThreads == 0)
    cfg.uploadThreads = 1;
  if (cfg.indexShards <= 0)
    cfg.indexShards = 1;
  return cfg;
}

} // namespace backupd

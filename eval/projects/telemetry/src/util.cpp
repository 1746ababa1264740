// util.cpp: timestamped logging to stderr, and the closeQuietly() helpers the
// service uses on its error paths.
#include "telemetry/util.h"
#include "telemetry/agent_connection.h"

#include <chrono>
#include <ctime>
#include <iostream>
#include <mutex>
#include <unistd.h>

namespace telemetry {
namespace {

std::mutex logMutex;

void emit(const char *level, const std::string &msg) {
  const std::string stamp = nowIso8601();
  std::lock_guard<std::mutex> lock(logMutex);
  std::cerr << stamp << ' ' << level << ' ' << msg << '\n';
}

} // namespace

void logInfo(const std::string &msg) { emit("INFO ", msg); }
void logWarn(const std::string &msg) { emit("WARN ", msg); }
void logError(const std::string &msg) { emit("ERROR", msg); }

std::string nowIso8601() {
  const std::time_t now =
      std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buf;
}

void closeQuietly(AgentConnection &conn) noexcept { conn.close(); }

void closeQuietly(int fd) noexcept {
  if (fd < 0)
    return;
  // No retry on EINTR: Linux releases the descriptor even then.
  (void)::close(fd);
}

void closeQuietly(std::FILE *fp) noexcept {
  if (fp != nullptr)
    (void)std::fclose(fp);
}

} // namespace telemetry

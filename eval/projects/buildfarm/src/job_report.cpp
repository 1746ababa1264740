#include "buildfarm/job_report.h"

#include <cstdio>
#include <unistd.h>
#include <utility>

namespace buildfarm {
namespace {

std::string quoted(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out.push_back('\\');
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

} // namespace

JobReport::JobReport(JobResult result) : result_(std::move(result)) {}

std::string JobReport::toJson() const {
  std::string json = "{\"job\":" + quoted(result_.jobId) +
                     ",\"outcome\":" + quoted(toString(result_.outcome)) +
                     ",\"exit_status\":" + std::to_string(result_.exitStatus) +
                     ",\"duration_ms\":" + std::to_string(result_.duration.count()) +
                     ",\"uploaded\":[";
  for (std::size_t i = 0; i < result_.uploaded.size(); ++i) {
    if (i)
      json += ',';
    json += quoted(result_.uploaded[i]);
  }
  json += "]";
  if (!result_.error.empty())
    json += ",\"error\":" + quoted(result_.error);
  json += "}\n";
  return json;
}

bool JobReport::writeTo(const std::string &path) const {
  std::FILE *f = std::fopen(path.c_str(), "w");
  if (!f)
    return false;
  const std::string body = toJson();
  bool ok = true;
  if (std::fwrite(body.data(), 1, body.size(), f) != body.size()) {
    std::fprintf(stderr, "report: short write to %s\n", path.c_str());
    std::fclose(f);
    ok = false;
  }
  if (std::fflush(f) != 0) // BUG: use-after-close
    ok = false;
  if (std::fclose(f) != 0) // BUG: double-close
    ok = false;
  return ok;
}

} // namespace buildfarm

#include "buildfarm/file_util.h"

#include <fstream>
#include <sstream>
#include <unistd.h>

namespace buildfarm {

bool writePidFile(std::FILE *fp) {
  bool ok = std::fprintf(fp, "%ld\n", static_cast<long>(::getpid())) > 0;
  ok = std::fflush(fp) == 0 && ok;
  ok = std::fclose(fp) == 0 && ok;
  return ok;
}

std::string readSmallFile(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    return "";
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

} // namespace buildfarm

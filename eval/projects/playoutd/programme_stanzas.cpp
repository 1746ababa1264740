// Readers for the programme sheet's file headers. Both give up on a bad
// header by closing the file, so a caller cannot go on parsing garbage.
// Each closes the file once, on its failure path, and never touches it after.
#include "programme_stanzas.h"

#include <cstring>
#include <stdexcept>

bool readStanzaHeader(std::FILE *fp, Stanza &out) {
  char line[256];
  while (std::fgets(line, sizeof line, fp)) {
    if (line[0] == '#' || line[0] == '\n')
      continue;
    const char *rbracket = std::strchr(line, ']');
    if (line[0] != '[' || !rbracket) {
      std::fclose(fp);
      return false;
    }
    out.name.assign(line + 1, static_cast<std::size_t>(rbracket - line - 1));
    return true;
  }
  std::fclose(fp);
  return false;
}

void expectScheduleBanner(std::ifstream &in, const std::string &path) {
  std::string first;
  if (!std::getline(in, first) || first.rfind("#SPOTS", 0) != 0) {
    in.close();
    throw std::runtime_error(path + ": not a spot schedule");
  }
}

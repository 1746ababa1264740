// A parse error closes the input, yet the next line is still read.
#include <fstream>
#include <string>

int readHeader(std::ifstream &in, std::string &next) {
  std::string magic;
  std::getline(in, magic);
  if (magic != "CSV1")
    in.close();
  std::getline(in, next); // BUG: use-after-close
  return magic == "CSV1" ? 0 : -1;
}

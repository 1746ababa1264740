// Family-tree hobby app: exports the tree as a GEDCOM text file through
// stdio. finishExport() writes the trailer record and closes the stream; the
// branch export calls it and then still appends a note through a helper.
// The reader opens a cousin's file, and on a bad header closes it and nulls
// the pointer before the caller's common tail.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

struct Person {
  int id;
  std::string name;
  int born;
};

void writeIndividual(std::FILE *out, const Person &p) {
  std::fprintf(out, "0 @I%d@ INDI\n1 NAME %s\n1 BIRT\n2 DATE %d\n", p.id, p.name.c_str(), p.born);
}

void writeNote(std::FILE *out, const std::string &text) {
  std::fprintf(out, "0 NOTE %s\n", text.c_str()); // SAME: branch-note
}

int finishExport(std::FILE *out) {
  std::fputs("0 TRLR\n", out);
  return std::fclose(out);
}

bool exportTree(const std::string &path, const std::vector<Person> &people) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (out == nullptr)
    return false;
  std::fputs("0 HEAD\n1 CHAR UTF-8\n", out);
  for (const Person &p : people)
    writeIndividual(out, p); // OK: finishExport runs after the loop
  return finishExport(out) == 0;
}

bool exportBranch(const std::string &path, const std::vector<Person> &branch, const std::string &surname) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (out == nullptr)
    return false;
  std::fputs("0 HEAD\n", out);
  for (const Person &p : branch)
    writeIndividual(out, p);
  int rc = finishExport(out);
  writeNote(out, "branch of the " + surname + " family"); // BUG: use-after-close #branch-note
  return rc == 0;
}

int countCousins(const std::string &path) {
  std::FILE *in = std::fopen(path.c_str(), "r");
  if (in == nullptr)
    return 0;
  char line[256];
  if (std::fgets(line, sizeof line, in) == nullptr || std::strncmp(line, "0 HEAD", 6) != 0) {
    std::fclose(in);
    in = nullptr;
  }
  int people = 0;
  while (in != nullptr && std::fgets(line, sizeof line, in) != nullptr) // OK: nulled after the close
    if (std::strstr(line, " INDI") != nullptr)
      ++people;
  if (in != nullptr)
    std::fclose(in); // OK: the early close nulled the pointer
  return people;
}

// Low-level readers for the programme sheet formats.
#pragma once
#include <cstdio>
#include <fstream>
#include <string>

struct Stanza {
  std::string name;
};

/// Reads the "[clock-name]" header of a clock file. On a malformed or missing
/// header the file is closed (nothing after it can be trusted) and false is
/// returned.
bool readStanzaHeader(std::FILE *fp, Stanza &out);

/// Checks the "#SPOTS" banner of a schedule file. On mismatch the stream is
/// closed and std::runtime_error is thrown.
void expectScheduleBanner(std::ifstream &in, const std::string &path);

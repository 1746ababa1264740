// Genealogy export: GedcomWriter streams individuals and families of a
// FamilyTree into a GEDCOM 5.5 file. exportTree() finishes the file (writes
// TRLR and closes it) before the research notes are appended through a
// helper, so the notes go to a closed ofstream; archiveCopy() closes the
// stream to flush it before copying and closes it again at the end. The verify
// step reads the file through a separate ifstream, and appendSource()
// reopens in append mode before writing.
#include <fstream>
#include <string>
#include <utility>
#include <vector>

struct Individual {
  std::string xref;
  std::string givenName;
  std::string surname;
  int birthYear = 0;
};

struct ResearchNote {
  std::string xref;
  std::string text;
};

class GedcomWriter {
public:
  explicit GedcomWriter(std::string path) : path_(std::move(path)) {}
  bool begin();
  void writeIndividual(const Individual &person);
  void line(int level, const std::string &tag, const std::string &value);
  void finish();
  bool appendSource(const std::string &title);
  const std::string &path() const { return path_; }
  std::ofstream &stream() { return out_; }

private:
  std::string path_;
  std::ofstream out_;
};

class FamilyTree {
public:
  void add(Individual p) { people_.push_back(std::move(p)); }
  void addNote(ResearchNote n) { notes_.push_back(std::move(n)); }
  bool exportTree(GedcomWriter &writer);
  bool verify(const std::string &path) const;
  void archiveCopy(GedcomWriter &writer);

private:
  std::vector<Individual> people_;
  std::vector<ResearchNote> notes_;
};

bool GedcomWriter::begin() {
  out_.open(path_, std::ios::out | std::ios::trunc);
  if (!out_.is_open())
    return false;
  out_ << "0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n";
  return true;
}

void GedcomWriter::writeIndividual(const Individual &person) {
  line(0, person.xref, "INDI");
  line(1, "NAME", person.givenName + " /" + person.surname + "/");
  line(1, "BIRT", "");
  line(2, "DATE", std::to_string(person.birthYear));
}

void GedcomWriter::line(int level, const std::string &tag,
                        const std::string &value) {
  out_ << level << ' ' << tag << (value.empty() ? "" : " ") << value << '\n'; // SAME: notes
}

void GedcomWriter::finish() {
  out_ << "0 TRLR\n";
  out_.close();
}

bool GedcomWriter::appendSource(const std::string &title) {
  if (!out_.is_open())
    out_.open(path_, std::ios::out | std::ios::app);
  if (!out_)
    return false;
  out_ << "0 @S1@ SOUR\n1 TITL " << title << '\n'; // OK: reopened in append mode
  out_.close();
  return true;
}

bool FamilyTree::exportTree(GedcomWriter &writer) {
  if (!writer.begin())
    return false;
  for (const Individual &p : people_)
    writer.writeIndividual(p);
  writer.finish();
  for (const ResearchNote &n : notes_)
    writer.line(1, "NOTE", n.xref + " " + n.text); // BUG: use-after-close #notes
  return true;
}

bool FamilyTree::verify(const std::string &path) const {
  std::ifstream in(path);
  std::string first;
  std::getline(in, first); // OK: a separate ifstream, opened here
  in.close();
  return first == "0 HEAD";
}

void FamilyTree::archiveCopy(GedcomWriter &writer) {
  std::ofstream &out = writer.stream();
  if (out.is_open()) {
    out.flush(); // OK: checked is_open() first
    out.close();
  }
  std::ifstream src(writer.path(), std::ios::binary);
  std::ofstream dst(writer.path() + ".bak", std::ios::binary | std::ios::trunc);
  dst << src.rdbuf();
  dst.close();
  out.close(); // BUG: double-close
}

int main() {
  FamilyTree tree;
  tree.add({"@I1@", "Ingeborg", "Halvorsen", 1871});
  tree.add({"@I2@", "Nils", "Halvorsen", 1868});
  tree.addNote({"@I1@", "emigrated via Bergen, 1893 passenger list"});
  GedcomWriter writer("/tmp/halvorsen.ged");
  tree.exportTree(writer);
  writer.appendSource("Bergen emigration register");
  tree.verify(writer.path());
  tree.archiveCopy(writer);
  return 0;
}

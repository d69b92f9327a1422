// The program each layer check (cmake/EngineLayers.cmake) links a layer into: it is never run;
// its link is the check.
int main() {
    return 0;
}

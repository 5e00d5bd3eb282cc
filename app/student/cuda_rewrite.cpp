#include "student/cuda_rewrite.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Rewrite/Core/Rewriter.h>
#include <clang/Tooling/Tooling.h>

#include <map>
#include <set>
#include <sstream>

#include "model/cuda_source.h"

namespace scanscope {
namespace {

using namespace clang;

struct Diag {
    bool error;
    bool fatal;
    bool in_main_file;
    int line, column;
    std::string message;
};

class CollectDiagnostics : public DiagnosticConsumer {
  public:
    void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic& info) override {
        DiagnosticConsumer::HandleDiagnostic(level, info);
        if (level < DiagnosticsEngine::Warning) return;
        llvm::SmallString<256> text;
        info.FormatDiagnostic(text);
        Diag d{level >= DiagnosticsEngine::Error,
               level == DiagnosticsEngine::Fatal,
               false,
               0,
               0,
               text.str().str()};
        if (info.hasSourceManager() && info.getLocation().isValid()) {
            const SourceManager& sm = info.getSourceManager();
            const SourceLocation at = sm.getExpansionLoc(info.getLocation());
            d.in_main_file = sm.isInMainFile(at);
            const PresumedLoc p = sm.getPresumedLoc(at);
            if (p.isValid()) d.line = int(p.getLine()), d.column = int(p.getColumn());
        }
        found.push_back(d);
    }
    std::vector<Diag> found;
};

struct Shared {
    std::string element;  // "float"
    enum { Array, Extern, Scalar } form = Array;
    unsigned long long count = 0;
};

struct State {
    std::vector<std::string> lines;
    std::vector<SourceRange> includes;  // #include lines of the file
    std::vector<CudaRewriteError> errors;
    std::vector<std::pair<int, int>> host_lines;  // host functions, first and last line
    CollectDiagnostics diagnostics;
    std::string output;
};

class Includes : public PPCallbacks {
  public:
    Includes(SourceManager& sm, State& s) : sm_(sm), s_(s) {}
    void InclusionDirective(SourceLocation hash, const Token&, StringRef, bool,
                            CharSourceRange name, const FileEntry*, StringRef, StringRef,
                            const Module*, SrcMgr::CharacteristicKind) override {
        if (sm_.isInMainFile(hash)) s_.includes.push_back({hash, name.getEnd()});
    }

  private:
    SourceManager& sm_;
    State& s_;
};

bool is_cuda_function(const FunctionDecl* f) {
    return f->hasAttr<CUDAGlobalAttr>() ||
           (f->hasAttr<CUDADeviceAttr>() && !f->getAttr<CUDADeviceAttr>()->isImplicit());
}

// What one function body does with the names the rewrite changes.
class BodyScan : public RecursiveASTVisitor<BodyScan> {
  public:
    BodyScan(ASTContext& ctx, const std::set<const FunctionDecl*>& helpers,
             const std::map<const VarDecl*, Shared>& file_shared)
        : ctx_(ctx), helpers_(helpers), file_shared_(file_shared) {}

    bool VisitCallExpr(CallExpr* call) {
        const FunctionDecl* callee = call->getDirectCallee();
        if (!callee) return true;
        if (helpers_.count(callee->getCanonicalDecl())) helper_calls.push_back(call);
        const std::string name = callee->getNameAsString();
        if (name == "__syncthreads" || name == "__syncwarp") barriers.push_back(call);
        return true;
    }
    bool VisitVarDecl(VarDecl* v) {
        if (v->hasAttr<CUDASharedAttr>() && v->isLocalVarDeclOrParm())
            local_shared.push_back(v);
        else if (v->isLocalVarDecl() && v->getType()->isPointerType() && v->hasInit())
            pointer_locals.push_back(v);
        return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr* ref) {
        if (const auto* v = dyn_cast<VarDecl>(ref->getDecl()); v && file_shared_.count(v))
            file_shared_used.insert(v);
        if (const auto* p = dyn_cast<ParmVarDecl>(ref->getDecl())) note_use(ref, p);
        if (const auto* v = dyn_cast<VarDecl>(ref->getDecl());
            v && v->hasAttr<CUDASharedAttr>() && !v->getType()->isArrayType())
            scalar_uses.push_back(ref);
        return true;
    }

    std::vector<CallExpr*> helper_calls, barriers;
    std::vector<DeclRefExpr*> scalar_uses;  // of a `__shared__ T x;`: rewritten as x[0]
    std::vector<VarDecl*> local_shared, pointer_locals;
    std::set<const VarDecl*> file_shared_used;
    std::map<const ParmVarDecl*, std::pair<bool, bool>> param_use;  // read, written

  private:
    // How a pointer parameter is used: p[i] (or *p) read, written or both.
    void note_use(DeclRefExpr* ref, const ParmVarDecl* p) {
        if (!p->getType()->isPointerType()) return;
        auto& [read, written] = param_use[p];
        const Stmt* at = ref;
        DynTypedNodeList parents = ctx_.getParents(*at);
        while (!parents.empty()) {  // up through casts and parentheses
            const Stmt* up = parents[0].get<Stmt>();
            if (!up || !(isa<ImplicitCastExpr>(up) || isa<ParenExpr>(up))) break;
            at = up;
            parents = ctx_.getParents(*up);
        }
        const Stmt* element = parents.empty() ? nullptr : parents[0].get<Stmt>();
        if (!element || !(isa<ArraySubscriptExpr>(element) ||
                          (isa<UnaryOperator>(element) &&
                           cast<UnaryOperator>(element)->getOpcode() == UO_Deref))) {
            read = true;  // passed on, or offset: counted as read
            return;
        }
        DynTypedNodeList above = ctx_.getParents(*element);
        const Stmt* use = above.empty() ? nullptr : above[0].get<Stmt>();
        if (const auto* b = dyn_cast_or_null<BinaryOperator>(use); b && b->getLHS() == element) {
            if (b->getOpcode() == BO_Assign) {
                written = true;
                return;
            }
            if (b->isCompoundAssignmentOp()) {
                read = written = true;
                return;
            }
        }
        if (const auto* u = dyn_cast_or_null<UnaryOperator>(use);
            u && (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf)) {
            read = written = true;
            return;
        }
        read = true;
    }

    ASTContext& ctx_;
    const std::set<const FunctionDecl*>& helpers_;
    const std::map<const VarDecl*, Shared>& file_shared_;
};

class Rewrite : public ASTConsumer {
  public:
    Rewrite(State& s, CompilerInstance& ci) : s_(s), sm_(ci.getSourceManager()) {}

    void HandleTranslationUnit(ASTContext& ctx) override {
        rewriter_.setSourceMgr(sm_, ctx.getLangOpts());
        lang_ = &ctx.getLangOpts();
        ctx_ = &ctx;
        std::vector<FunctionDecl*> kernels, helpers, hosts;
        std::map<const VarDecl*, Shared> file_shared;
        for (Decl* d : ctx.getTranslationUnitDecl()->decls()) {
            if (!sm_.isInMainFile(sm_.getExpansionLoc(d->getLocation()))) continue;
            if (auto* t = dyn_cast<FunctionTemplateDecl>(d)) {
                if (is_cuda_function(t->getTemplatedDecl()))
                    error(d->getLocation(),
                          "a template kernel or helper: write it for float or "
                          "int (ScanScope instantiates nothing)");
                continue;
            }
            if (auto* f = dyn_cast<FunctionDecl>(d)) {
                if (f->hasAttr<CUDAGlobalAttr>()) {
                    if (f->doesThisDeclarationHaveABody()) kernels.push_back(f);
                } else if (is_cuda_function(f)) {
                    helpers.push_back(f);
                } else if (f->doesThisDeclarationHaveABody()) {
                    hosts.push_back(f);
                }
            } else if (auto* v = dyn_cast<VarDecl>(d); v && v->hasAttr<CUDASharedAttr>()) {
                file_shared[v] = shared_of(v);
                blank(v->getSourceRange());
            } else if (auto* u = dyn_cast<UsingDirectiveDecl>(d)) {
                blank(u->getSourceRange());  // `using namespace std;`: NVRTC has no std
            }
        }
        for (FunctionDecl* h : hosts) {
            const SourceRange r = h->getSourceRange();
            s_.host_lines.push_back({line(r.getBegin()), line(r.getEnd())});
            blank(r);
        }
        for (const SourceRange& r : s_.includes)
            blank(r);
        if (kernels.empty()) {
            error({}, "no __global__ function with a body: ScanScope runs the file's kernel");
            return;
        }
        if (kernels.size() > 1) {
            error(kernels[1]->getLocation(),
                  "a second __global__ function ('" + kernels[1]->getNameAsString() +
                      "'): a file holds one kernel, which ScanScope launches");
            return;
        }
        std::set<const FunctionDecl*> helper_set;
        for (FunctionDecl* h : helpers)
            helper_set.insert(h->getCanonicalDecl());
        marks_ = cuda_step_marks(s_.lines);

        FunctionDecl* kernel = kernels.front();
        BodyScan kernel_scan(ctx, helper_set, file_shared);
        kernel_scan.TraverseDecl(kernel);
        rewrite_signature(kernel, true);
        rewrite_body(kernel_scan);
        std::string declare_file_shared;
        for (const VarDecl* v : kernel_scan.file_shared_used)
            declare_file_shared +=
                " auto " + v->getNameAsString() + " = " + shared_maker(file_shared.at(v)) + ";";
        if (const Stmt* body = kernel->getBody())
            insert_after_token(body->getBeginLoc(), " ss_b.at(__LINE__);" + declare_file_shared);
        for (FunctionDecl* h : helpers) {
            BodyScan scan(ctx, helper_set, file_shared);
            scan.TraverseDecl(h);
            for (const VarDecl* v : scan.file_shared_used)
                error(v->getLocation(), "the __device__ function '" + h->getNameAsString() +
                                            "' uses the file's shared array '" +
                                            v->getNameAsString() +
                                            "': pass it as a parameter instead");
            rewrite_signature(h, false);
            rewrite_body(scan);
        }
        if (!s_.errors.empty()) return;
        append_binding(kernel, kernel_scan, static_shared_bytes(kernel_scan, file_shared));
        const FileID main = sm_.getMainFileID();
        if (const RewriteBuffer* b = rewriter_.getRewriteBufferFor(main))
            s_.output = std::string(b->begin(), b->end());
        else
            s_.output = sm_.getBufferData(main).str();
    }

  private:
    int line(SourceLocation at) const {
        return int(sm_.getPresumedLoc(sm_.getExpansionLoc(at)).getLine());
    }
    void error(SourceLocation at, const std::string& message) {
        CudaRewriteError e;
        e.message = message;
        if (at.isValid()) {
            const PresumedLoc p = sm_.getPresumedLoc(sm_.getExpansionLoc(at));
            e.line = int(p.getLine());
            e.column = int(p.getColumn());
        }
        s_.errors.push_back(e);
    }
    // A location the rewrite can edit: in the file itself, not made by a macro.
    bool editable(SourceLocation at, const char* what) {
        if (at.isValid() && at.isFileID() && sm_.isInMainFile(at)) return true;
        error(at, std::string(what) + " comes from a macro: write it out in the kernel");
        return false;
    }
    // Spaces for every character of the range but its newlines: the lines stay where they are.
    void blank(SourceRange r) {
        const CharSourceRange chars = CharSourceRange::getTokenRange(
            sm_.getExpansionLoc(r.getBegin()), sm_.getExpansionLoc(r.getEnd()));
        const std::string text = Lexer::getSourceText(chars, sm_, *lang_).str();
        std::string spaces;
        for (char c : text)
            spaces += c == '\n' ? '\n' : ' ';
        rewriter_.ReplaceText(chars, spaces);
    }
    void insert_after_token(SourceLocation at, const std::string& text) {
        if (editable(at, "the brace")) rewriter_.InsertTextAfterToken(at, text);
    }

    static Shared shared_of(const VarDecl* v) {
        Shared s;
        QualType t = v->getType();
        if (const auto* a = dyn_cast<ConstantArrayType>(t.getTypePtr())) {
            s.count = a->getSize().getZExtValue();
            t = a->getElementType();
        } else if (const auto* i = dyn_cast<IncompleteArrayType>(t.getTypePtr())) {
            s.form = Shared::Extern;
            t = i->getElementType();
        } else {
            s.form = Shared::Scalar;
        }
        s.element = t.getUnqualifiedType().getAsString();
        return s;
    }
    static std::string shared_maker(const Shared& s) {
        if (s.form == Shared::Extern)
            return "::scanscope::cuda::extern_shared<" + s.element + ">(ss_b)";
        if (s.form == Shared::Scalar)  // used as name[0] (see rewrite_body)
            return "::scanscope::cuda::shared_array<" + s.element + ">(ss_b, 1)";
        return "::scanscope::cuda::shared_array<" + s.element + ">(ss_b, " +
               std::to_string(s.count) + ")";
    }
    int static_shared_bytes(const BodyScan& scan, const std::map<const VarDecl*, Shared>& fs) {
        unsigned long long bytes = 0;
        auto add = [&](const VarDecl* v, const Shared& s) {
            if (s.form == Shared::Extern) return;
            const unsigned long long size =
                ctx_->getTypeSize(v->getType()->getBaseElementTypeUnsafe()) / 8;
            bytes += size * (s.form == Shared::Scalar ? 1 : s.count);
        };
        for (const VarDecl* v : scan.local_shared)
            add(v, shared_of(v));
        for (const VarDecl* v : scan.file_shared_used)
            add(v, fs.at(v));
        return int(std::min(bytes, 1ull << 30));
    }

    // `__global__ void k(float* a, int n)` into
    // `template <class SsBlock> __device__ void k(SsBlock& ss_b, GlobalOf<float, SsBlock> a, ...`
    void rewrite_signature(FunctionDecl* f, bool kernel) {
        for (FunctionDecl* d : f->redecls()) {
            FunctionTypeLoc loc = d->getFunctionTypeLoc();
            if (!loc || !editable(loc.getLParenLoc(), "the parameter list")) return;
            std::string extra;
            int pointer = 0;
            for (ParmVarDecl* p : d->parameters()) {
                const QualType t = p->getType();
                if (!t->isPointerType()) continue;
                if (t->getPointeeType()->isPointerType()) {
                    error(p->getLocation(), "a pointer to a pointer: ScanScope passes arrays");
                    continue;
                }
                if (p->getName().empty()) {
                    error(p->getLocation(), "name every parameter");
                    continue;
                }
                const SourceLocation begin = sm_.getExpansionLoc(p->getBeginLoc());
                if (!editable(begin, "the parameter's type")) continue;
                std::string type;
                if (kernel) {
                    type = "::scanscope::cuda::GlobalOf<" +
                           t->getPointeeType().getUnqualifiedType().getAsString() +
                           (t->getPointeeType().isConstQualified() ? " const" : "") + ", SsBlock> ";
                } else {
                    type = "SsP" + std::to_string(pointer++) + " ";
                    extra += ", class SsP" + std::to_string(pointer - 1);
                }
                rewriter_.ReplaceText(CharSourceRange::getCharRange(begin, p->getLocation()), type);
            }
            rewriter_.InsertTextAfterToken(loc.getLParenLoc(),
                                           d->param_empty() ? "SsBlock& ss_b" : "SsBlock& ss_b, ");
            const SourceLocation start = sm_.getExpansionLoc(d->getBeginLoc());
            if (!editable(start, "the function's start")) return;
            rewriter_.InsertTextBefore(start, "template <class SsBlock" + extra + "> ");
            if (kernel) {
                const SourceLocation g =
                    sm_.getExpansionLoc(d->getAttr<CUDAGlobalAttr>()->getLocation());
                if (editable(g, "__global__")) rewriter_.ReplaceText(g, 10, "__device__");
            }
        }
    }

    void rewrite_body(const BodyScan& scan) {
        std::set<const VarDecl*> shared(scan.local_shared.begin(), scan.local_shared.end());
        for (const VarDecl* v : scan.local_shared) {
            if (v->hasInit()) error(v->getLocation(), "a __shared__ array takes no initializer");
            const Shared s = shared_of(v);
            if (s.form == Shared::Array &&
                isa<ArrayType>(cast<ConstantArrayType>(v->getType().getTypePtr())
                                   ->getElementType()
                                   .getTypePtr())) {
                error(v->getLocation(),
                      "a 2-D shared array: index one dimension (row * width + "
                      "column)");
                continue;
            }
            const SourceLocation b = sm_.getExpansionLoc(v->getBeginLoc());
            const SourceLocation e = sm_.getExpansionLoc(v->getEndLoc());
            if (!editable(b, "the __shared__ declaration")) continue;
            rewriter_.ReplaceText(CharSourceRange::getTokenRange(b, e),
                                  "auto " + v->getNameAsString() + " = " + shared_maker(s));
        }
        // `volatile float* v = sdata;`, `float* p = g_in + offset;`, `float* t = source;`: a
        // pointer into a shared array or a parameter's buffer is a view too.
        std::set<const VarDecl*> views(shared.begin(), shared.end());
        auto is_view = [&](const Expr* e) {
            e = e->IgnoreParenImpCasts();
            if (const auto* b = dyn_cast<BinaryOperator>(e); b && b->isAdditiveOp())
                e = (b->getLHS()->getType()->isPointerType() ? b->getLHS() : b->getRHS())
                        ->IgnoreParenImpCasts();
            const auto* ref = dyn_cast<DeclRefExpr>(e);
            const auto* v = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
            return v && (views.count(v) || v->hasAttr<CUDASharedAttr>() || isa<ParmVarDecl>(v));
        };
        for (const VarDecl* v : scan.pointer_locals) {
            if (!is_view(v->getInit())) continue;
            const SourceLocation b = sm_.getExpansionLoc(v->getBeginLoc());
            if (!editable(b, "the pointer's type")) continue;
            rewriter_.ReplaceText(CharSourceRange::getCharRange(b, v->getLocation()), "auto ");
            views.insert(v);
        }
        // A shared word is a one-word array: each use indexes it, so that each access carries
        // its own line.
        for (DeclRefExpr* ref : scan.scalar_uses) {
            const SourceLocation at = ref->getEndLoc();
            if (!editable(at, "a use of a __shared__ variable")) continue;
            rewriter_.InsertTextAfterToken(at, "[0]");
        }
        for (CallExpr* call : scan.helper_calls) {
            const SourceLocation end = sm_.getExpansionLoc(call->getCallee()->getEndLoc());
            if (!editable(end, "a call to a __device__ function")) continue;
            const Optional<Token> paren = Lexer::findNextToken(end, sm_, *lang_);
            if (!paren || paren->isNot(tok::l_paren)) continue;
            rewriter_.InsertTextAfterToken(paren->getLocation(),
                                           call->getNumArgs() ? "ss_b, " : "ss_b");
        }
        for (CallExpr* call : scan.barriers) {
            const SourceLocation b = call->getBeginLoc(), e = call->getEndLoc();
            if (b.isMacroID() || e.isMacroID()) continue;  // the shim's macro takes it
            const int at = line(b);
            const bool warp = call->getDirectCallee()->getNameAsString() == "__syncwarp";
            std::string text = warp ? "ss_b.sync_warp(__LINE__" : "ss_b.sync(__LINE__";
            for (const CudaStepMark& m : marks_)
                if (m.line == at && !m.start)
                    for (const std::string& v : m.vars)
                        text += ", " + v;
            rewriter_.ReplaceText(CharSourceRange::getTokenRange(b, e), text + ")");
        }
    }

    // The parameters' roles: the pointer written and never read is the output, the one read the
    // input; one pointer is both (in place); more are scratch buffers. An integer is n.
    void append_binding(FunctionDecl* kernel, const BodyScan& scan, int static_bytes) {
        const std::map<std::string, std::string> note = cuda_annotation(s_.lines);
        std::vector<const ParmVarDecl*> pointers;
        for (const ParmVarDecl* p : kernel->parameters())
            if (p->getType()->isPointerType()) pointers.push_back(p);
        auto named = [&](const char* key) -> const ParmVarDecl* {
            const auto it = note.find(key);
            if (it == note.end()) return nullptr;
            for (const ParmVarDecl* p : pointers)
                if (p->getName() == it->second) return p;
            error(kernel->getLocation(), std::string("the annotation's ") + key + "=" + it->second +
                                             " names no pointer parameter");
            return nullptr;
        };
        const ParmVarDecl* out = named("out");
        const ParmVarDecl* in = named("in");
        auto use = [&](const ParmVarDecl* p) {
            const auto it = scan.param_use.find(p);
            return it == scan.param_use.end() ? std::pair<bool, bool>{false, false} : it->second;
        };
        if (pointers.empty()) {
            error(kernel->getLocation(),
                  "the kernel takes no array: ScanScope passes the output, "
                  "the input and n");
            return;
        }
        if (pointers.size() == 1) {
            in = out = pointers[0];
        } else {
            if (!out) {
                std::vector<const ParmVarDecl*> only_written, written;
                for (const ParmVarDecl* p : pointers) {
                    if (p == in) continue;
                    if (use(p).second) written.push_back(p);
                    if (use(p).second && !use(p).first) only_written.push_back(p);
                }
                if (only_written.size() == 1)
                    out = only_written[0];
                else if (written.size() == 1)
                    out = written[0];
            }
            if (!in)
                for (const ParmVarDecl* p : pointers)
                    if (p != out && use(p).first) {
                        in = p;
                        break;
                    }
            if (!out || !in || out == in) {
                error(kernel->getLocation(),
                      "which parameter is the output and which the input? Say it on a line of "
                      "its own: // scanscope: in=NAME out=NAME");
                return;
            }
        }
        std::string element = out->getType()->getPointeeType().getUnqualifiedType().getAsString();
        if (element != "float" && element != "int" && element != "unsigned int") {
            error(out->getLocation(),
                  "the output holds '" + element + "': ScanScope scans int and float arrays");
            return;
        }
        if (element == "unsigned int") element = "int";
        std::ostringstream args;
        int scratch = 0, integers = 0;
        for (const ParmVarDecl* p : kernel->parameters()) {
            args << ", ";
            const std::string name = p->getNameAsString();
            if (p->getType()->isPointerType()) {
                const std::string pointee =
                    p->getType()->getPointeeType().getUnqualifiedType().getAsString();
                const char* buffer = p == out ? "buffers.out" : p == in ? "buffers.in" : nullptr;
                std::string scratch_name;
                if (!buffer) {
                    if (scratch == 2) {
                        error(p->getLocation(), "more than two scratch arrays");
                        return;
                    }
                    scratch_name = "buffers.scratch[" + std::to_string(scratch++) + "]";
                }
                args << "::scanscope::cuda::GlobalOf<" << pointee
                     << (p->getType()->getPointeeType().isConstQualified() ? " const" : "")
                     << ", Context>(reinterpret_cast<" << pointee << "*>("
                     << (buffer ? buffer : scratch_name.c_str()) << "), buffers.count, \"" << name
                     << "\", b)";
            } else if (p->getType()->isIntegerType() && integers++ == 0) {
                args << "buffers.n";
            } else {
                error(p->getLocation(),
                      "what is '" + name + "'? ScanScope passes the arrays and n (one integer)");
                return;
            }
        }
        std::string call = args.str();
        std::ostringstream text;
        text << "\n// Added by ScanScope's front end: how the kernel is launched.\n"
             << "struct ScanScopeCudaKernel {\n"
             << "    using Element = " << element << ";\n"
             << "    static constexpr int kStaticSharedBytes = " << static_bytes << ";\n"
             << "    static constexpr bool kInPlace = " << (in == out ? "true" : "false") << ";\n"
             << "    ::scanscope::cuda::Buffers<Element> buffers;\n"
             << "    template <class B>\n"
             << "    SS_HD void operator()(B& b) const {\n"
             << "        using Context = ::scanscope::cuda::Context<B>;\n"
             << "        Context ss_b{b, buffers.dynamic_shared_bytes};\n"
             << "        " << kernel->getNameAsString() << "(ss_b" << call << ");\n"
             << "    }\n"
             << "};\n";
        rewriter_.InsertTextAfter(sm_.getLocForEndOfFile(sm_.getMainFileID()), text.str());
    }

    State& s_;
    SourceManager& sm_;
    Rewriter rewriter_;
    const LangOptions* lang_ = nullptr;
    ASTContext* ctx_ = nullptr;
    std::vector<CudaStepMark> marks_;
};

class Front : public ASTFrontendAction {
  public:
    explicit Front(State& s) : s_(s) {}
    bool BeginSourceFileAction(CompilerInstance& ci) override {
        ci.getDiagnostics().setClient(&s_.diagnostics, false);
        ci.getPreprocessor().addPPCallbacks(std::make_unique<Includes>(ci.getSourceManager(), s_));
        return true;
    }
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, StringRef) override {
        return std::make_unique<Rewrite>(s_, ci);
    }

  private:
    State& s_;
};

}  // namespace

CudaRewrite rewrite_cuda(const std::string& path, const std::string& text,
                         const std::string& kernels, const std::string& resource_dir) {
    State s;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        s.lines.push_back(l);
    CudaRewrite out;
    try {
        cuda_annotation(s.lines);
    } catch (const std::exception& e) {
        out.errors.push_back({0, 0, e.what()});
        return out;
    }
    const std::vector<std::string> args = {"-x",
                                           "cuda",
                                           "--cuda-host-only",
                                           "-nocudainc",
                                           "-nocudalib",
                                           "-std=c++17",
                                           "-fsyntax-only",
                                           "-ferror-limit=20",
                                           "-Wno-unknown-cuda-version",
                                           "-Wall",
                                           "-resource-dir=" + resource_dir,
                                           "-I" + kernels + "/student/cuda_stubs",
                                           "-include",
                                           kernels + "/student/cuda_parse_prelude.h"};
    tooling::runToolOnCodeWithArgs(std::make_unique<Front>(s), text, args, path,
                                   "scanscope-cuda-front");
    // Errors in the host code around the kernel do not matter: it is left out. Nor do those in
    // the standard headers it includes, which clang reads as CUDA without CUDA's own wrappers: a
    // kernel that needed one of them has an error of its own in the file.
    auto in_host = [&](int line) {
        for (const auto& [first, last] : s.host_lines)
            if (first <= line && line <= last) return true;
        return false;
    };
    for (const Diag& d : s.diagnostics.found) {
        if (d.in_main_file && in_host(d.line)) continue;
        if (!d.in_main_file && !d.fatal) continue;
        if (d.error)
            out.errors.push_back({d.line, d.column, d.message});
        else if (d.in_main_file)
            out.warnings.push_back({d.line, d.column, d.message});
    }
    if (out.errors.empty()) out.errors = s.errors;
    if (out.errors.empty()) out.text = s.output;
    return out;
}

}  // namespace scanscope

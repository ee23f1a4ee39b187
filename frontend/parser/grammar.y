// Puppet 7's grammar, transcribed rule for rule from Puppet's own LALR(1)
// grammar (pops/parser/egrammar.ra) so that precedence, conflict resolution
// and the tree built are Puppet's by construction. The actions build the
// tree the way Puppet's Model::Factory does; the helpers they call are in
// build.go.
//
// Regenerate parser.go with `go generate ./frontend/parser`.

%{
package parser

import "github.com/pp2go/pp2go/frontend/ast"
%}

%union {
	tok  symbol
	expr ast.Expr
	v    any
}

%token <tok> STRING DQPRE DQMID DQPOST
%token <tok> WORD
%token <tok> LBRACK RBRACK LBRACE RBRACE SYMBOL FARROW COMMA TRUE
%token <tok> FALSE EQUALS APPENDS DELETES LESSEQUAL NOTEQUAL DOT COLON LLCOLLECT RRCOLLECT
%token <tok> QMARK WSLPAREN LPAREN RPAREN ISEQUAL GREATEREQUAL GREATERTHAN LESSTHAN
%token <tok> IF ELSE
%token <tok> DEFINE ELSIF VARIABLE CLASS INHERITS NODE BOOLEAN
%token <tok> NAME SEMIC CASE DEFAULT AT ATAT LCOLLECT RCOLLECT CLASSREF
%token <tok> NOT OR AND UNDEF PARROW PLUS MINUS TIMES DIV LSHIFT RSHIFT UMINUS
%token <tok> MATCH NOMATCH REGEX IN_EDGE OUT_EDGE IN_EDGE_SUB OUT_EDGE_SUB
%token <tok> IN UNLESS PIPE
%token <tok> LAMBDA SELBRACE
%token <tok> NUMBER
%token <tok> HEREDOC SUBLOCATE
%token <tok> RENDER_STRING RENDER_EXPR EPP_START EPP_END EPP_END_TRIM
%token <tok> FUNCTION
%token <tok> TYPE
%token <tok> PRIVATE ATTR
%token <tok> PLAN APPLY
%token <tok> LOW
// Tokens Puppet's lexer produces that its grammar never accepts.
%token <tok> TILDE OTHER
// Precedence-only tokens.
%token <tok> LISTSTART MODULO SPLAT HIGH

// Puppet lists precedence from high to low; yacc from low to high.
%left  LOW
%nonassoc RENDER_STRING
%nonassoc RENDER_EXPR
%left  COMMA
%left  FARROW
%left  IN_EDGE OUT_EDGE IN_EDGE_SUB OUT_EDGE_SUB
%right APPENDS DELETES EQUALS
%right AT ATAT
%left  RBRACE
%left  SELBRACE
%left  LBRACE
%left  OR
%left  AND
%left  QMARK
%left  GREATEREQUAL GREATERTHAN LESSTHAN LESSEQUAL
%left  NOTEQUAL ISEQUAL
%left  LSHIFT RSHIFT
%left  MINUS PLUS
%left  TIMES DIV MODULO
%left  MATCH NOMATCH
%left  IN
%nonassoc UMINUS
%nonassoc SPLAT
%right NOT
%left  LCOLLECT LLCOLLECT
%left  RBRACK
%left  LBRACK LISTSTART
%nonassoc EPP_START
%left  DOT
%left  RPAREN
%left  LPAREN WSLPAREN
%left  PIPE
%left  SEMIC
%left  HIGH

%type <v> program statements syntactic_statements syntactic_statement
%type <expr> assignment argument relationship resource expression bracketed_expression access_arg
%type <v> arguments resource_body resource_bodies additional_resource_bodies access_args expressions
%type <expr> primary_expression call_function_expression call_function_start
%type <expr> call_method_with_lambda_expression call_method_expression named_access
%type <v> lambda lambda_rest lambda_parameter_list
%type <expr> if_expression if_part else unless_expression unless_else case_expression
%type <v> case_options case_option options_statements selector_entries selector_entry_list selector_entry
%type <expr> collection_expression collect_query optional_query
%type <v> attribute_operations attribute_operation
%type <tok> attribute_name keyword classname stacked_classname classnameordefault name_or_number
%type <tok> collection_entry_keyword epp_end
%type <expr> definition_expression plan_expression apply_expression hostclass_expression
%type <v> opt_statements classparent hostnames optional_statements epp_parameters_list
%type <expr> node_definition_expression hostname dotted_name nodeparent
%type <expr> function_definition opt_return_type
%type <v> parameter_list parameters parameter untyped_parameter regular_parameter splat_parameter typed_parameter
%type <expr> parameter_type type_alias type_alias_lhs type_definition variable reserved_word
%type <expr> array hash collection_entry hash_entry quotedtext string dq_string dqpre dqpost dqmid
%type <v> hashpairs hashpair collection_entries dqrval dqtail
%type <expr> text_expression heredoc sublocated_text epp_expression epp_render_expression type regex

%%

program
  : statements     { $$ = nil; yylex.(*parser).program(blockOrExpression($1.([]ast.Expr))) }
  | epp_expression { $$ = nil; yylex.(*parser).program($1) }
  |                { $$ = nil; yylex.(*parser).emptyProgram() }

statements
  : syntactic_statements { $$ = yylex.(*parser).transformCalls($1.(*list[any]).items) }

syntactic_statements
  : syntactic_statement                            { $$ = newList[any]($1) }
  | syntactic_statements SEMIC syntactic_statement { $$ = $1.(*list[any]).add($3) }
  | syntactic_statements syntactic_statement       { $$ = $1.(*list[any]).add($2) }

syntactic_statement
  : assignment %prec LOW                         { $$ = $1 }
  | syntactic_statement COMMA assignment %prec LOW { $$ = commaList($1, $2, $3) }

assignment
  : relationship %prec LOW
  | relationship EQUALS  assignment { $$ = &ast.AssignmentExpression{Op: "=", Left: $1, Right: $3, Loc: tloc($2)} }
  | relationship APPENDS assignment { $$ = &ast.AssignmentExpression{Op: "+=", Left: $1, Right: $3, Loc: tloc($2)} }
  | relationship DELETES assignment { $$ = &ast.AssignmentExpression{Op: "-=", Left: $1, Right: $3, Loc: tloc($2)} }

argument
  : assignment
  | hashpair { $$ = &ast.LiteralHash{Entries: []*ast.KeyedEntry{$1.(*ast.KeyedEntry)}, Unfolded: true, Loc: $1.(*ast.KeyedEntry).Loc} }

arguments
  : argument                 { $$ = newList($1) }
  | arguments COMMA argument { $$ = appendArgument($1.(*list[ast.Expr]), $3) }

relationship
  : resource %prec LOW
  | relationship IN_EDGE      resource { $$ = &ast.RelationshipExpression{Op: $2.value, Left: $1, Right: $3, Loc: tloc($2)} }
  | relationship IN_EDGE_SUB  resource { $$ = &ast.RelationshipExpression{Op: $2.value, Left: $1, Right: $3, Loc: tloc($2)} }
  | relationship OUT_EDGE     resource { $$ = &ast.RelationshipExpression{Op: $2.value, Left: $1, Right: $3, Loc: tloc($2)} }
  | relationship OUT_EDGE_SUB resource { $$ = &ast.RelationshipExpression{Op: $2.value, Left: $1, Right: $3, Loc: tloc($2)} }

resource
  : expression %prec LOW
  | AT resource {
      $$ = yylex.(*parser).resourceForm($1, $2, ast.Virtual, "Virtual (@) can only be applied to a Resource Expression")
    }
  | ATAT resource {
      $$ = yylex.(*parser).resourceForm($1, $2, ast.Exported, "Exported (@@) can only be applied to a Resource Expression")
    }
  | resource LBRACE expression COLON attribute_operations additional_resource_bodies RBRACE {
      body := &ast.ResourceBody{Title: $3, Operations: $5.(*list[ast.AttributeOp]).get()}
      $$ = titledResource($1, append([]*ast.ResourceBody{body}, $6.(*list[*ast.ResourceBody]).get()...), span($1.Span(), tloc($7)))
    }
  | CLASS LBRACE resource_bodies endsemi RBRACE {
      l := span(tloc($1), tloc($5))
      $$ = titledResource(&ast.QualifiedName{Value: "class", Loc: at(l)}, $3.(*list[*ast.ResourceBody]).get(), l)
    }
  | resource LBRACE attribute_operations endcomma RBRACE {
      $$ = yylex.(*parser).resourceWithoutTitle($1, $3.(*list[ast.AttributeOp]).get(), $2, $5)
    }

resource_body
  : expression COLON attribute_operations endcomma { $$ = &ast.ResourceBody{Title: $1, Operations: $3.(*list[ast.AttributeOp]).get()} }

resource_bodies
  : resource_body                       %prec HIGH { $$ = newList($1.(*ast.ResourceBody)) }
  | resource_bodies SEMIC resource_body %prec HIGH { $$ = $1.(*list[*ast.ResourceBody]).add($3.(*ast.ResourceBody)) }

additional_resource_bodies
  : endcomma                               { $$ = (*list[*ast.ResourceBody])(nil) }
  | endcomma SEMIC                         { $$ = (*list[*ast.ResourceBody])(nil) }
  | endcomma SEMIC resource_bodies endsemi { $$ = $3 }

expression
  : primary_expression
  | call_function_expression
  | bracketed_expression
  | expression IN           expression { $$ = &ast.InExpression{Left: $1, Right: $3, Loc: tloc($2)} }
  | expression MATCH        expression { $$ = &ast.MatchExpression{Op: "=~", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression NOMATCH      expression { $$ = &ast.MatchExpression{Op: "!~", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression PLUS         expression { $$ = &ast.ArithmeticExpression{Op: "+", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression MINUS        expression { $$ = &ast.ArithmeticExpression{Op: "-", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression DIV          expression { $$ = &ast.ArithmeticExpression{Op: "/", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression TIMES        expression { $$ = &ast.ArithmeticExpression{Op: "*", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression MODULO       expression { $$ = &ast.ArithmeticExpression{Op: "%", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression LSHIFT       expression { $$ = &ast.ArithmeticExpression{Op: "<<", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression RSHIFT       expression { $$ = &ast.ArithmeticExpression{Op: ">>", Left: $1, Right: $3, Loc: tloc($2)} }
  |            MINUS        expression %prec UMINUS { $$ = &ast.UnaryMinusExpression{Expr: $2, Loc: tloc($1)} }
  |            TIMES        expression %prec SPLAT  { $$ = &ast.UnfoldExpression{Expr: $2, Loc: tloc($1)} }
  | expression NOTEQUAL     expression { $$ = &ast.ComparisonExpression{Op: "!=", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression ISEQUAL      expression { $$ = &ast.ComparisonExpression{Op: "==", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression GREATERTHAN  expression { $$ = &ast.ComparisonExpression{Op: ">", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression GREATEREQUAL expression { $$ = &ast.ComparisonExpression{Op: ">=", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression LESSTHAN     expression { $$ = &ast.ComparisonExpression{Op: "<", Left: $1, Right: $3, Loc: tloc($2)} }
  | expression LESSEQUAL    expression { $$ = &ast.ComparisonExpression{Op: "<=", Left: $1, Right: $3, Loc: tloc($2)} }
  |            NOT          expression { $$ = &ast.NotExpression{Expr: $2, Loc: tloc($1)} }
  | expression AND          expression { $$ = &ast.AndExpression{Left: $1, Right: $3, Loc: tloc($2)} }
  | expression OR           expression { $$ = &ast.OrExpression{Left: $1, Right: $3, Loc: tloc($2)} }
  | expression QMARK selector_entries  {
      $$ = &ast.SelectorExpression{Left: $1, Selectors: $3.(*list[*ast.SelectorEntry]).get(), Loc: $1.Span()}
    }
  |            LPAREN       assignment RPAREN { $$ = &ast.ParenthesizedExpression{Expr: $2, Loc: tloc($1)} }
  |            WSLPAREN     assignment RPAREN { $$ = &ast.ParenthesizedExpression{Expr: $2, Loc: tloc($1)} }

bracketed_expression
  : expression LBRACK access_args endcomma RBRACK %prec LBRACK {
      $$ = &ast.AccessExpression{Left: $1, Keys: $3.(*list[ast.Expr]).get(), Loc: span($1.Span(), tloc($5))}
    }

access_args
  : access_arg                   { $$ = newList($1) }
  | access_args COMMA access_arg { $$ = appendArgument($1.(*list[ast.Expr]), $3) }

access_arg
  : expression
  | hashpair { $$ = &ast.LiteralHash{Entries: []*ast.KeyedEntry{$1.(*ast.KeyedEntry)}, Unfolded: true, Loc: $1.(*ast.KeyedEntry).Loc} }

expressions
  : expression                   { $$ = newList($1) }
  | expressions COMMA expression { $$ = $1.(*list[ast.Expr]).add($3) }

primary_expression
  : variable
  | call_method_with_lambda_expression
  | collection_expression
  | case_expression
  | if_expression
  | unless_expression
  | definition_expression
  | hostclass_expression
  | plan_expression
  | apply_expression
  | node_definition_expression
  | epp_render_expression
  | function_definition
  | type_alias
  | type_definition
  | reserved_word
  | array
  | hash
  | regex
  | quotedtext
  | type
  | NUMBER  { $$ = yylex.(*parser).number($1) }
  | BOOLEAN { $$ = &ast.LiteralBoolean{Value: $1.value == "true", Loc: tloc($1)} }
  | DEFAULT { $$ = &ast.LiteralDefault{Loc: tloc($1)} }
  | UNDEF   { $$ = &ast.LiteralUndef{Loc: tloc($1)} }
  | NAME    { $$ = yylex.(*parser).qname($1) }

call_function_expression
  : call_function_start arguments endcomma RPAREN {
      $$ = &ast.CallNamedFunctionExpression{Functor: $1, Args: $2.(*list[ast.Expr]).get(), RvalRequired: true, Loc: span($1.Span(), tloc($4))}
    }
  | call_function_start RPAREN {
      $$ = &ast.CallNamedFunctionExpression{Functor: $1, RvalRequired: true, Loc: span($1.Span(), tloc($2))}
    }
  | call_function_start arguments endcomma RPAREN lambda {
      l := $5.(*ast.LambdaExpression)
      $$ = &ast.CallNamedFunctionExpression{Functor: $1, Args: $2.(*list[ast.Expr]).get(), RvalRequired: true, Lambda: l, Loc: span($1.Span(), l.Loc)}
    }
  | call_function_start RPAREN lambda {
      l := $3.(*ast.LambdaExpression)
      $$ = &ast.CallNamedFunctionExpression{Functor: $1, RvalRequired: true, Lambda: l, Loc: span($1.Span(), l.Loc)}
    }

call_function_start
  : expression LPAREN { $$ = $1 }
  | TYPE LPAREN       { $$ = &ast.QualifiedName{Value: $1.value, Loc: tloc($1)} }

call_method_with_lambda_expression
  : call_method_expression %prec LOW { $$ = $1 }
  | call_method_expression lambda    { $$ = $1; $1.(*ast.CallMethodExpression).Lambda = $2.(*ast.LambdaExpression) }

call_method_expression
  : named_access LPAREN arguments RPAREN { $$ = &ast.CallMethodExpression{Functor: $1, Args: $3.(*list[ast.Expr]).get(), RvalRequired: true, Loc: span(tloc($2), tloc($4))} }
  | named_access LPAREN RPAREN           { $$ = &ast.CallMethodExpression{Functor: $1, RvalRequired: true, Loc: tloc($2)} }
  | named_access %prec LOW               { $$ = &ast.CallMethodExpression{Functor: $1, RvalRequired: true, Loc: $1.Span()} }

named_access
  : expression DOT NAME { l := span(tloc($2), tloc($3)); $$ = &ast.NamedAccessExpression{Left: $1, Right: &ast.QualifiedName{Value: $3.value, Loc: at(l)}, Loc: l} }
  | expression DOT TYPE { l := span(tloc($2), tloc($3)); $$ = &ast.NamedAccessExpression{Left: $1, Right: &ast.QualifiedName{Value: $3.value, Loc: at(l)}, Loc: l} }

lambda
  : lambda_parameter_list opt_return_type lambda_rest {
      start, rest := $1.(lambdaStart), $3.(lambdaRest)
      l := span(tloc(start.tok), tloc(rest.tok))
      $$ = &ast.LambdaExpression{Params: start.params, Body: buildBody(rest.body, l), ReturnType: $2, Loc: l}
    }

lambda_rest
  : LBRACE statements RBRACE { $$ = lambdaRest{tok: $3, body: $2.([]ast.Expr)} }
  | LBRACE RBRACE            { $$ = lambdaRest{tok: $2} }

lambda_parameter_list
  : PIPE PIPE                     { $$ = lambdaStart{tok: $1} }
  | PIPE parameters endcomma PIPE { $$ = lambdaStart{tok: $1, params: $2.(*list[*ast.Parameter]).get()} }

if_expression
  : IF if_part { $$ = $2; $$.SetSpan(span(tloc($1), $2.Span())) }

if_part
  : expression LBRACE statements RBRACE else {
      $$ = &ast.IfExpression{Test: $1, Then: blockOrExpressionIn($3.([]ast.Expr), $2, $4), Else: $5, Loc: span($1.Span(), endOf($5, $4))}
    }
  | expression LBRACE RBRACE else {
      $$ = &ast.IfExpression{Test: $1, Else: $4, Loc: span($1.Span(), endOf($4, $3))}
    }

else
  : /* nothing */ { $$ = nil }
  | ELSIF if_part { $$ = $2; $$.SetSpan(span(tloc($1), $2.Span())) }
  | ELSE LBRACE statements RBRACE { $$ = blockOrExpressionIn($3.([]ast.Expr), $2, $4) }
  | ELSE LBRACE RBRACE { $$ = nil }

unless_expression
  : UNLESS expression LBRACE statements RBRACE unless_else {
      $$ = &ast.UnlessExpression{Test: $2, Then: blockOrExpressionIn($4.([]ast.Expr), $3, $5), Else: $6, Loc: span(tloc($1), tloc($5))}
    }
  | UNLESS expression LBRACE RBRACE unless_else {
      l := tloc($1)
      if $5 != nil {
        l = span(l, $5.Span())
      }
      $$ = &ast.UnlessExpression{Test: $2, Else: $5, Loc: l}
    }

unless_else
  : /* nothing */ { $$ = nil }
  | ELSE LBRACE statements RBRACE { $$ = blockOrExpressionIn($3.([]ast.Expr), $2, $4) }
  | ELSE LBRACE RBRACE { $$ = nil }

case_expression
  : CASE expression LBRACE case_options RBRACE {
      $$ = &ast.CaseExpression{Test: $2, Options: $4.(*list[*ast.CaseOption]).get(), Loc: span(tloc($1), tloc($5))}
    }

case_options
  : case_option              { $$ = newList($1.(*ast.CaseOption)) }
  | case_options case_option { $$ = $1.(*list[*ast.CaseOption]).add($2.(*ast.CaseOption)) }

case_option
  : expressions COLON LBRACE options_statements RBRACE {
      l := span(tloc($2), tloc($5))
      $$ = &ast.CaseOption{Values: $1.(*list[ast.Expr]).get(), Then: buildBody($4.([]ast.Expr), l), Loc: l}
    }

options_statements
  : nil        { $$ = []ast.Expr(nil) }
  | statements

selector_entries
  : selector_entry { $$ = newList($1.(*ast.SelectorEntry)) }
  | SELBRACE selector_entry_list endcomma RBRACE { $$ = $2 }

selector_entry_list
  : selector_entry                           { $$ = newList($1.(*ast.SelectorEntry)) }
  | selector_entry_list COMMA selector_entry { $$ = $1.(*list[*ast.SelectorEntry]).add($3.(*ast.SelectorEntry)) }

selector_entry
  : expression FARROW expression { $$ = &ast.SelectorEntry{Match: $1, Value: $3, Loc: tloc($2)} }

collection_expression
  : expression collect_query LBRACE attribute_operations endcomma RBRACE {
      $$ = &ast.CollectExpression{TypeExpr: $1, Query: $2, Operations: $4.(*list[ast.AttributeOp]).get(), Loc: span($1.Span(), tloc($6))}
    }
  | expression collect_query %prec LOW {
      $$ = &ast.CollectExpression{TypeExpr: $1, Query: $2, Loc: span($1.Span(), $2.Span())}
    }

collect_query
  : LCOLLECT  optional_query RCOLLECT  { $$ = &ast.VirtualQuery{Expr: $2, Loc: span(tloc($1), tloc($3))} }
  | LLCOLLECT optional_query RRCOLLECT { $$ = &ast.ExportedQuery{Expr: $2, Loc: span(tloc($1), tloc($3))} }

optional_query
  : nil { $$ = nil }
  | expression

attribute_operations
  :                                                { $$ = (*list[ast.AttributeOp])(nil) }
  | attribute_operation                            { $$ = newList($1.(ast.AttributeOp)) }
  | attribute_operations COMMA attribute_operation { $$ = $1.(*list[ast.AttributeOp]).add($3.(ast.AttributeOp)) }

attribute_name
  : NAME
  | keyword

attribute_operation
  : attribute_name FARROW expression { $$ = yylex.(*parser).attributeOp($1, "=>", $3) }
  | attribute_name PARROW expression { $$ = yylex.(*parser).attributeOp($1, "+>", $3) }
  | TIMES FARROW expression          { $$ = &ast.AttributesOperation{Expr: $3, Loc: span(tloc($1), $3.Span())} }

definition_expression
  : DEFINE classname parameter_list LBRACE opt_statements RBRACE {
      p, l := yylex.(*parser), span(tloc($1), tloc($6))
      $$ = p.addDefinition(&ast.ResourceTypeDefinition{Name: p.classname($2.value), Params: $3.([]*ast.Parameter),
        Body: buildBody($5.([]ast.Expr), l), Loc: l})
    }

plan_expression
  : PLAN stacked_classname parameter_list LBRACE opt_statements RBRACE {
      p, l := yylex.(*parser), span(tloc($1), tloc($6))
      p.namepop()
      $$ = p.addDefinition(&ast.PlanDefinition{Name: p.classname($2.value), Params: $3.([]*ast.Parameter),
        Body: buildBody($5.([]ast.Expr), l), Loc: l})
    }

apply_expression
  : APPLY LPAREN arguments endcomma RPAREN LBRACE statements RBRACE {
      $$ = &ast.ApplyExpression{Args: $3.(*list[ast.Expr]).get(), Body: &ast.ApplyBlockExpression{Statements: $7.([]ast.Expr)}, Loc: span(tloc($1), tloc($8))}
    }
  | APPLY LPAREN arguments endcomma RPAREN LBRACE RBRACE {
      $$ = &ast.ApplyExpression{Args: $3.(*list[ast.Expr]).get(), Body: &ast.ApplyBlockExpression{}, Loc: span(tloc($1), tloc($7))}
    }

hostclass_expression
  : CLASS stacked_classname parameter_list classparent LBRACE opt_statements RBRACE {
      p, l := yylex.(*parser), span(tloc($1), tloc($7))
      p.namepop()
      parent := ""
      if t, ok := $4.(symbol); ok {
        parent = t.value
      }
      $$ = p.addDefinition(&ast.HostClassDefinition{Name: p.classname($2.value), Params: $3.([]*ast.Parameter), ParentClass: parent,
        Body: buildBody($6.([]ast.Expr), l), Loc: l})
    }

stacked_classname
  : classname { yylex.(*parser).namestack($1.value); $$ = $1 }

opt_statements
  : statements
  | nil { $$ = []ast.Expr(nil) }

classparent
  : nil                          { $$ = nil }
  | INHERITS classnameordefault { $$ = $2 }

classnameordefault
  : classname
  | DEFAULT

node_definition_expression
  : NODE hostnames endcomma nodeparent LBRACE statements RBRACE {
      l := span(tloc($1), tloc($7))
      $$ = yylex.(*parser).addDefinition(&ast.NodeDefinition{HostMatches: $2.(*list[ast.Expr]).get(), Parent: $4, Body: buildBody($6.([]ast.Expr), l), Loc: l})
    }
  | NODE hostnames endcomma nodeparent LBRACE RBRACE {
      $$ = yylex.(*parser).addDefinition(&ast.NodeDefinition{HostMatches: $2.(*list[ast.Expr]).get(), Parent: $4, Loc: span(tloc($1), tloc($6))})
    }

hostnames
  : hostname                 { $$ = newList($1) }
  | hostnames COMMA hostname { $$ = $1.(*list[ast.Expr]).add($3) }

hostname
  : dotted_name
  | quotedtext
  | DEFAULT { $$ = &ast.LiteralDefault{Loc: tloc($1)} }
  | regex

dotted_name
  : name_or_number { $$ = yylex.(*parser).str($1) }
  | dotted_name DOT name_or_number {
      s := $1.(*ast.LiteralString)
      $$ = &ast.LiteralString{Value: s.Value + "." + $3.value, Loc: span(s.Loc, tloc($3))}
    }

name_or_number
  : NAME
  | NUMBER

nodeparent
  : nil { $$ = nil }
  | INHERITS hostname { $$ = $2 }

function_definition
  : FUNCTION classname parameter_list opt_return_type LBRACE opt_statements RBRACE {
      l := span(tloc($1), tloc($7))
      $$ = yylex.(*parser).addDefinition(&ast.FunctionDefinition{Name: $2.value, Params: $3.([]*ast.Parameter),
        Body: buildBody($6.([]ast.Expr), l), ReturnType: $4, Loc: l})
    }

opt_return_type
  : RSHIFT type { $$ = $2 }
  | RSHIFT type LBRACK access_args RBRACK { $$ = &ast.AccessExpression{Left: $2, Keys: $4.(*list[ast.Expr]).get(), Loc: span($2.Span(), tloc($5))} }
  | nil { $$ = nil }

classname
  : NAME
  | WORD
  | CLASSREF
  | CLASS  { yylex.(*parser).errorAtToken($1, "'class' keyword not allowed at this location") }
  | STRING { yylex.(*parser).errorAtToken($1, "A quoted string is not valid as a name here") }

parameter_list
  : nil                                 { $$ = []*ast.Parameter(nil) }
  | LPAREN RPAREN                       { $$ = []*ast.Parameter(nil) }
  | WSLPAREN RPAREN                     { $$ = []*ast.Parameter(nil) }
  | LPAREN parameters endcomma RPAREN   { $$ = $2.(*list[*ast.Parameter]).get() }
  | WSLPAREN parameters endcomma RPAREN { $$ = $2.(*list[*ast.Parameter]).get() }

parameters
  : parameter                  { $$ = newList($1.(*ast.Parameter)) }
  | parameters COMMA parameter { $$ = $1.(*list[*ast.Parameter]).add($3.(*ast.Parameter)) }

parameter
  : untyped_parameter
  | typed_parameter

untyped_parameter
  : regular_parameter
  | splat_parameter

regular_parameter
  : VARIABLE EQUALS expression { $$ = yylex.(*parser).param($1, $3) }
  | VARIABLE                   { $$ = yylex.(*parser).param($1, nil) }

splat_parameter
  : TIMES regular_parameter { $$ = $2; $2.(*ast.Parameter).CapturesRest = true }

typed_parameter
  : parameter_type untyped_parameter { $$ = $2; $2.(*ast.Parameter).Type = $1 }

parameter_type
  : type
  | type LBRACK access_args RBRACK { $$ = &ast.AccessExpression{Left: $1, Keys: $3.(*list[ast.Expr]).get(), Loc: span($1.Span(), tloc($4))} }

type_alias
  : type_alias_lhs EQUALS type hash {
      $$ = yylex.(*parser).typeAssignment($1, &ast.KeyedEntry{Key: $3, Value: $4}, span($1.Span(), $4.Span()))
    }
  | type_alias_lhs EQUALS type LBRACK access_args endcomma RBRACK {
      // Puppet locates the alias with val[5], the nil endcomma: the span of the lhs.
      $$ = yylex.(*parser).typeAssignment($1, &ast.AccessExpression{Left: $3, Keys: $5.(*list[ast.Expr]).get(), Loc: ast.Loc{Offset: unlocated}}, $1.Span())
    }
  | type_alias_lhs EQUALS type {
      $$ = yylex.(*parser).typeAssignment($1, $3, span($1.Span(), $3.Span()))
    }
  | type_alias_lhs EQUALS hash {
      $$ = yylex.(*parser).typeAssignment($1, $3, span($1.Span(), $3.Span()))
    }
  | type_alias_lhs EQUALS array {
      // Puppet locates this one with val[4], which is nil: the span of the lhs.
      $$ = yylex.(*parser).typeAssignment($1, $3, $1.Span())
    }

type_alias_lhs
  : TYPE parameter_type { $$ = $2 }

type_definition
  : TYPE CLASSREF LBRACE optional_statements RBRACE {
      l := span(tloc($1), tloc($5))
      $$ = yylex.(*parser).addDefinition(&ast.TypeDefinition{Name: $2.value, Body: buildBody($4.([]ast.Expr), l), Loc: l})
    }
  | TYPE CLASSREF INHERITS CLASSREF LBRACE optional_statements RBRACE {
      l := span(tloc($1), tloc($7))
      $$ = yylex.(*parser).addDefinition(&ast.TypeDefinition{Name: $2.value, Parent: $4.value, Body: buildBody($6.([]ast.Expr), l), Loc: l})
    }

variable
  : VARIABLE { $$ = yylex.(*parser).variable($1) }

reserved_word
  : PRIVATE { $$ = &ast.ReservedWord{Word: $1.value, Loc: tloc($1)} }
  | ATTR    { $$ = &ast.ReservedWord{Word: $1.value, Loc: tloc($1)} }

array
  : LISTSTART collection_entries endcomma RBRACK { $$ = &ast.LiteralList{Values: $2.(*list[ast.Expr]).get(), Loc: span(tloc($1), tloc($4))} }
  | LISTSTART                             RBRACK { $$ = &ast.LiteralList{Loc: span(tloc($1), tloc($2))} }
  | LBRACK    collection_entries endcomma RBRACK { $$ = &ast.LiteralList{Values: $2.(*list[ast.Expr]).get(), Loc: span(tloc($1), tloc($4))} }
  | LBRACK                                RBRACK { $$ = &ast.LiteralList{Loc: span(tloc($1), tloc($2))} }

hash
  : LBRACE hashpairs RBRACE       { $$ = &ast.LiteralHash{Entries: $2.(*list[*ast.KeyedEntry]).get(), Loc: span(tloc($1), tloc($3))} }
  | LBRACE hashpairs COMMA RBRACE { $$ = &ast.LiteralHash{Entries: $2.(*list[*ast.KeyedEntry]).get(), Loc: span(tloc($1), tloc($4))} }
  | LBRACE RBRACE                 { $$ = &ast.LiteralHash{Loc: span(tloc($1), tloc($2))} }

hashpairs
  : hashpair                 { $$ = newList($1.(*ast.KeyedEntry)) }
  | hashpairs COMMA hashpair { $$ = $1.(*list[*ast.KeyedEntry]).add($3.(*ast.KeyedEntry)) }

hashpair
  : hash_entry FARROW hash_entry { $$ = yylex.(*parser).keyedEntry($1, $3, $2) }

collection_entry
  : argument
  | collection_entry_keyword { $$ = yylex.(*parser).str($1) }

hash_entry
  : assignment
  | collection_entry_keyword { $$ = yylex.(*parser).str($1) }

collection_entries
  : collection_entry                          { $$ = newList($1) }
  | collection_entries COMMA collection_entry { $$ = appendArgument($1.(*list[ast.Expr]), $3) }

collection_entry_keyword
  : TYPE
  | FUNCTION

quotedtext
  : string
  | dq_string
  | heredoc

string
  : STRING { $$ = yylex.(*parser).str($1) }
  | WORD   { $$ = yylex.(*parser).str($1) }

dq_string
  : dqpre dqrval {
      parts := $2.([]ast.Expr)
      $$ = concatenated(append([]ast.Expr{$1}, parts...), span($1.Span(), parts[len(parts)-1].Span()))
    }

dqpre  : DQPRE  { $$ = yylex.(*parser).str($1) }
dqpost : DQPOST { $$ = yylex.(*parser).str($1) }
dqmid  : DQMID  { $$ = yylex.(*parser).str($1) }

dqrval
  : text_expression dqtail { $$ = append([]ast.Expr{$1}, $2.([]ast.Expr)...) }

text_expression
  : assignment { $$ = &ast.TextExpression{Expr: interpolate($1)} }

dqtail
  : dqpost       { $$ = []ast.Expr{$1} }
  | dqmid dqrval { $$ = append([]ast.Expr{$1}, $2.([]ast.Expr)...) }

heredoc
  : HEREDOC sublocated_text { $$ = &ast.HeredocExpression{Syntax: $1.value, Text: $2, Loc: tloc($1)} }

sublocated_text
  : SUBLOCATE string    { $$ = $2 }
  | SUBLOCATE dq_string { $$ = $2 }

epp_expression
  : EPP_START epp_parameters_list optional_statements {
      $$ = eppTemplate($2.(eppParams), $3.([]ast.Expr), tloc($1))
    }

optional_statements
  :            { $$ = []ast.Expr(nil) }
  | statements

epp_parameters_list
  : %prec LOW                     { $$ = eppParams{} }
  | PIPE PIPE                     { $$ = eppParams{specified: true} }
  | PIPE parameters endcomma PIPE { $$ = eppParams{specified: true, params: $2.(*list[*ast.Parameter]).get()} }

epp_render_expression
  : RENDER_STRING { $$ = &ast.RenderStringExpression{Value: $1.value, Loc: tloc($1)} }
  | RENDER_EXPR expression epp_end { $$ = &ast.RenderExpression{Expr: $2, Loc: span(tloc($1), tloc($3))} }
  | RENDER_EXPR LBRACE statements RBRACE epp_end {
      $$ = &ast.RenderExpression{Expr: blockOrExpressionIn($3.([]ast.Expr), $2, $4), Loc: span(tloc($1), tloc($5))}
    }

epp_end
  : EPP_END
  | EPP_END_TRIM

type : CLASSREF { $$ = yylex.(*parser).qref($1) }

regex
  : REGEX { $$ = &ast.LiteralRegularExpression{Pattern: $1.value, Loc: tloc($1)} }

endcomma
  : /* nothing */
  | COMMA {}

endsemi
  : /* nothing */
  | SEMIC {}

keyword
  : AND
  | CASE
  | CLASS
  | DEFAULT
  | DEFINE
  | ELSE
  | ELSIF
  | IF
  | IN
  | INHERITS
  | NODE
  | OR
  | UNDEF
  | UNLESS
  | TYPE
  | ATTR
  | FUNCTION
  | PRIVATE
  | PLAN
  | APPLY

nil
  : /* nothing */ {}

%%
